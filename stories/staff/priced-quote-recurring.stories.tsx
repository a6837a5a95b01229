import { DEFAULT_PRICE_LIST, quoteLinesFor } from '@cleanquote/quote-core/staff';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { AdminApp } from '../../sites/web/src/admin/admin-app.tsx';
import type { PricedQuote } from '../../sites/web/src/admin/quote-requests/quote-request-queries.ts';
import {
  fixtureQuoteRequests,
  pricedQuote,
  quoteOf,
  quoteRequestAnswers,
  quoteRequestsAt,
  requests,
} from './quote-request-fixtures.ts';
import { freshStaffPage, staffScreenParameters } from './staff-story-support.tsx';

/**
 * A regular clean on a request's Quote section: staff choose how often it is done ('How often':
 * One-off, Weekly, Fortnightly, Every 4 weeks), and the editor and the section show the discount the
 * price list gives that frequency and the total per visit, as the customer will see them.
 */
const meta = {
  title: 'Staff/Quote requests/Priced quote/Regular clean',
  component: AdminApp,
  decorators: [freshStaffPage],
  args: { screen: 'quote-requests' },
  parameters: staffScreenParameters,
} satisfies Meta<typeof AdminApp>;

export default meta;
type Story = StoryObj<typeof meta>;

const priya = quoteOf('Priya Sharma');
/** Priya's regular clean of 3 bedrooms and 2 bathrooms at the default prices: $255.00. */
const priyaLines = quoteLinesFor(requests.priya, DEFAULT_PRICE_LIST);

/** Priya's page with this priced quote. */
function pageWith(priced: PricedQuote | null): Partial<Story> {
  const withQuote = (now: number) =>
    fixtureQuoteRequests(now).map((quote) =>
      quote.listItem.id === priya.listItem.id
        ? {
            ...quote,
            listItem: { ...quote.listItem, quoteStatus: priced?.status ?? null },
            detail: { ...quote.detail, quoteStatus: priced?.status ?? null },
            priced,
          }
        : quote,
    );
  return {
    beforeEach: quoteRequestsAt({ quote: priya.listItem.id }),
    parameters: { msw: { handlers: quoteRequestAnswers(withQuote) } },
  };
}

/** The Quote section, once the priced quote was read. */
async function quoteSection(canvasElement: HTMLElement, heading: string) {
  const found = (await within(canvasElement).findByRole('heading', { level: 2, name: heading })).closest(
    'section',
  );
  if (!found) throw new Error(`The heading ${heading} is outside a section.`);
  return within(found);
}

/** The sums of a totals list, each as 'label amount'. */
function sumsOf(list: Element | null): string[] {
  return [...(list?.querySelectorAll('div') ?? [])].map(
    (row) => `${row.querySelector('dt')?.textContent} ${row.querySelector('dd')?.textContent}`,
  );
}

/** Sent weekly: how often, the discount line and the total per visit, as the customer has them. */
export const WeeklySent: Story = {
  ...pageWith(
    pricedQuote(priyaLines, {
      status: 'sent',
      frequency: 'weekly',
      sentAt: '2026-03-14T22:10:00.000Z',
      validUntil: '2026-04-14',
    }),
  ),
  play: async ({ canvasElement }) => {
    const section = await quoteSection(canvasElement, 'Quote: Sent');
    await expect(section.getByText('How often:')).toHaveTextContent('How often: Weekly');
    await expect(sumsOf(canvasElement.querySelector('.quote-totals'))).toEqual([
      'Subtotal $255.00',
      'Weekly discount (15%) −$38.25',
      'Total (incl. GST) $216.75 per visit, weekly',
      'GST included $19.70',
    ]);
  },
};

/**
 * Preparing a quote: 'How often' starts at One-off; choosing Fortnightly takes the price list's 10%
 * off the lines and shows the total per visit as the customer will see it.
 */
export const ChoosingHowOften: Story = {
  ...pageWith(null),
  play: async ({ canvasElement }) => {
    const section = await quoteSection(canvasElement, 'Quote');
    await userEvent.click(await section.findByRole('button', { name: 'Prepare Quote' }));
    const editor = within(await section.findByRole('form', { name: 'Prepare Quote' }));
    const often = editor.getByRole('combobox', { name: 'How often' });
    await expect(often).toHaveValue('once');
    await expect(often).toHaveAccessibleDescription(
      "A regular clean takes the price list's discount off every visit: weekly 15%, fortnightly 10%, every 4 weeks 5%.",
    );
    const totals = () => sumsOf(canvasElement.querySelector('.quote-editor .quote-totals'));
    await expect(totals()).toEqual(['Total (incl. GST) $255.00', 'GST included $23.18']);
    await userEvent.selectOptions(often, 'Fortnightly');
    await expect(totals()).toEqual([
      'Subtotal $255.00',
      'Fortnightly discount (10%) −$25.50',
      'Total (incl. GST) $229.50 per visit, fortnightly',
      'GST included $20.86',
    ]);
  },
};
