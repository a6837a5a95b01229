import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { AdminApp } from '../../sites/web/src/admin/admin-app.tsx';
import {
  type FixtureQuote,
  fixtureQuote,
  kate,
  quoteOf,
  quoteRequestAnswers,
  quoteRequestsAt,
} from './quote-request-fixtures.ts';
import { freshStaffPage, staffScreenParameters } from './staff-story-support.tsx';

/**
 * The rows of the quote inbox (/admin) that staff work through each day: who asked, for what, where
 * from, where the request stands in the pipeline and how long is left of the 24-hour reply promise.
 */
const meta = {
  title: 'Staff/Quote requests/Rows',
  component: AdminApp,
  decorators: [freshStaffPage],
  beforeEach: quoteRequestsAt(),
  args: { screen: 'quote-requests' },
  parameters: staffScreenParameters,
} satisfies Meta<typeof AdminApp>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The inbox holding only this customer's quote. */
function onlyQuoteOf(name: string) {
  return { msw: { handlers: quoteRequestAnswers((now) => [quoteOf(name, now)]) } };
}

/** The row of the customer named `name`, once the list shows it. */
async function rowOf(canvasElement: HTMLElement, name: string) {
  const link = await within(canvasElement).findByRole('link', { name });
  const row = link.closest('li');
  if (!row) throw new Error(`The link to ${name} is outside a row.`);
  return within(row);
}

/** Every kind of row at once, newest first, as staff see the inbox on a busy morning. */
export const ManyQuoteRequests: Story = {
  parameters: { msw: { handlers: quoteRequestAnswers() } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByText('Showing 7 quote requests, newest first')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Quote Requests' })).toBeVisible();
    await expect(
      page.getAllByRole('link', { name: /^(Priya|Tom|Margaret|Liam|Sophie|Jack|Emma) / }),
    ).toHaveLength(7);
  },
};

/** A request that arrived forty minutes ago: New, nearly a day left to reply, one press to mark it contacted. */
export const NewRequest: Story = {
  parameters: {
    msw: {
      handlers: quoteRequestAnswers((now) => [
        fixtureQuote('priya', {
          id: '0195a3c2-7d41-7e2b-9c11-4f8a2b6d0e11',
          reference: 'CQ-7KX4M2QH',
          createdAt: new Date(now - 40 * 60 * 1000).toISOString(),
          status: 'new',
          suburb: 'South Yarra',
        }),
      ]),
    },
  },
  play: async ({ canvasElement }) => {
    const row = await rowOf(canvasElement, 'Priya Sharma');
    await expect(row.getByText('New')).toBeVisible();
    await expect(row.getByText('Regular Cleaning')).toBeVisible();
    await expect(row.getByText('South Yarra')).toBeVisible();
    await expect(row.getByText('Main site')).toBeVisible();
    await expect(row.getByText('Reply due in 23 h')).toBeVisible();
    await expect(row.getByRole('button', { name: 'Mark as Contacted' })).toBeVisible();
  },
};

/** The reply promise runs out in a few hours: the row says so, so it is answered first. */
export const ReplyDueSoon: Story = {
  parameters: onlyQuoteOf('Priya Sharma'),
  play: async ({ canvasElement }) => {
    const row = await rowOf(canvasElement, 'Priya Sharma');
    await expect(row.getByText('Reply due in 3 h')).toHaveClass('reply-timing--due');
  },
};

/** Past the 24-hour reply promise: the row is marked overdue, by how long. */
export const Overdue: Story = {
  parameters: onlyQuoteOf('Tom Nguyen'),
  play: async ({ canvasElement }) => {
    const row = await rowOf(canvasElement, 'Tom Nguyen');
    await expect(row.getByText('Overdue by 2 h')).toHaveClass('reply-timing--overdue');
    await expect(row.getByText('End of Lease Cleaning')).toBeVisible();
    await expect(row.getByText('Richmond')).toBeVisible();
  },
};

/** Answered already: Contacted, no reply clock and no 'Mark as Contacted'. */
export const Contacted: Story = {
  parameters: {
    msw: {
      handlers: quoteRequestAnswers(() => [
        fixtureQuote('emma', {
          id: '0195a3c2-7d41-7e2b-9c11-4f8a2b6d0e17',
          reference: 'CQ-D8VN4HXS',
          createdAt: '2026-03-16T10:30:00.000Z',
          status: 'contacted',
          suburb: 'St Kilda',
          firstResponseAt: '2026-03-16T22:00:00.000Z',
        }),
      ]),
    },
  },
  play: async ({ canvasElement }) => {
    const row = await rowOf(canvasElement, 'Emma Wilson');
    await expect(row.getByText('Contacted')).toBeVisible();
    await expect(row.getByText('16/03/2026 at 9:30 PM')).toBeVisible();
    await expect(row.queryByText(/Reply due|Overdue/)).toBeNull();
    await expect(row.queryByRole('button', { name: 'Mark as Contacted' })).toBeNull();
  },
};

/** The same customer asked before: staff see it at a glance and can look up the earlier job. */
export const ReturningCustomer: Story = {
  parameters: onlyQuoteOf('Liam Walsh'),
  play: async ({ canvasElement }) => {
    const row = await rowOf(canvasElement, 'Liam Walsh');
    await expect(row.getByText('Returning customer')).toBeVisible();
    await expect(row.getByText('Carpet Cleaning')).toBeVisible();
  },
};

/** Sent from a partner's site: the partner's name and its own reference, for calling them back. */
export const PartnerSource: Story = {
  parameters: onlyQuoteOf("Margaret O'Brien"),
  play: async ({ canvasElement }) => {
    const row = await rowOf(canvasElement, "Margaret O'Brien");
    await expect(await row.findByText('Northside Support Coordination')).toBeVisible();
    await expect(row.getByText('ref NSC-20417')).toBeVisible();
    await expect(row.getByText('NDIS & Aged Care Cleaning')).toBeVisible();
  },
};

/** A priced quote was sent and the customer has not answered: Quoted, 'Quote: Sent'. */
export const AwaitingCustomer: Story = {
  parameters: onlyQuoteOf('Sophie Chen'),
  play: async ({ canvasElement }) => {
    const row = await rowOf(canvasElement, 'Sophie Chen');
    await expect(row.getByText('Quoted')).toBeVisible();
    await expect(row.getByText('Quote: Sent')).toBeVisible();
  },
};

/** The customer opened the quote's link but has not answered yet: 'Quote: Viewed'. */
export const QuoteViewed: Story = {
  parameters: {
    msw: {
      handlers: quoteRequestAnswers((now) => {
        const sophie = quoteOf('Sophie Chen', now);
        return [{ ...sophie, listItem: { ...sophie.listItem, quoteStatus: 'viewed' } }];
      }),
    },
  },
  play: async ({ canvasElement }) => {
    const row = await rowOf(canvasElement, 'Sophie Chen');
    await expect(row.getByText('Quote: Viewed')).toBeVisible();
  },
};

/** The customer accepted the quote and the job is won. */
export const Won: Story = {
  parameters: onlyQuoteOf('Jack Thompson'),
  play: async ({ canvasElement }) => {
    const row = await rowOf(canvasElement, 'Jack Thompson');
    await expect(row.getByText('Won')).toBeVisible();
    await expect(row.getByText('Quote: Accepted')).toHaveClass('badge--success');
    await expect(row.getByText('Window Cleaning')).toBeVisible();
  },
};

/** The job went elsewhere: Lost, kept for the record. */
export const Lost: Story = {
  parameters: onlyQuoteOf('Emma Wilson'),
  play: async ({ canvasElement }) => {
    const row = await rowOf(canvasElement, 'Emma Wilson');
    await expect(row.getByText('Lost')).toBeVisible();
    await expect(row.getByText('Deep Cleaning')).toBeVisible();
  },
};

/**
 * Priya's new request, which 'Mark as Contacted' moves on: the server records the move and answers
 * with the quote as it now stands, and the list reads it again.
 */
function markContactedWorld() {
  let contactedAt: string | null = null;
  const contacted = (quote: FixtureQuote, at: string): FixtureQuote => {
    const moved = { status: 'contacted', firstResponseAt: at, statusChangedAt: at } as const;
    return {
      ...quote,
      listItem: { ...quote.listItem, ...moved },
      detail: {
        ...quote.detail,
        ...moved,
        history: [
          ...quote.detail.history,
          { id: 'h-contacted', at, kind: 'status', actor: kate, from: 'new', to: 'contacted' },
        ],
      },
    };
  };
  const inbox = (now: number) => {
    const priya = quoteOf('Priya Sharma', now);
    return [contactedAt ? contacted(priya, contactedAt) : priya];
  };
  return {
    reset: () => {
      contactedAt = null;
    },
    handlers: [
      http.post('/api/contact/:id/status', ({ params, requestId }) => {
        const [priya] = inbox(Date.now());
        if (!priya || params.id !== priya.listItem.id)
          return HttpResponse.json({ error: 'No quote request with that id.', requestId }, { status: 404 });
        contactedAt = new Date().toISOString();
        return HttpResponse.json(contacted(priya, contactedAt).detail);
      }),
      ...quoteRequestAnswers(inbox),
    ],
  };
}

const markContacted = markContactedWorld();

/** 'Mark as Contacted' on a new row: the server moves it on and staff are told so. */
export const MarkedAsContacted: Story = {
  beforeEach: markContacted.reset,
  parameters: { msw: { handlers: markContacted.handlers } },
  play: async ({ canvasElement }) => {
    const row = await rowOf(canvasElement, 'Priya Sharma');
    await userEvent.click(row.getByRole('button', { name: 'Mark as Contacted' }));
    const page = within(canvasElement.ownerDocument.body);
    await expect(await page.findByText("Priya Sharma's quote is now Contacted.")).toBeVisible();
    await expect(await row.findByText('Contacted')).toBeVisible();
    await expect(row.queryByRole('button', { name: 'Mark as Contacted' })).toBeNull();
    await expect(row.queryByText(/Reply due/)).toBeNull();
  },
};
