import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { weeklyQuote } from './customer-quote-page-fixtures.ts';
import pages from './customer-quote-page-rendered.ts?server-rendered';
import { ServerRenderedPage } from './server-rendered-page.tsx';

const html = pages.weekly;
if (!html) throw new Error('No rendered customer quote page weekly');

/**
 * A regular clean's quote on the customer's page: the lines, their subtotal, the discount its
 * frequency takes off ('Weekly discount (15%)', a negative amount), and the total per visit with
 * how often it comes ('per visit, weekly'). Rendered by the server's renderCustomerQuotePage.
 */
const meta = {
  title: 'Site/Customer quote page/Regular clean',
  component: ServerRenderedPage,
  parameters: { layout: 'fullscreen' },
  args: { html },
} satisfies Meta<typeof ServerRenderedPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The sums under the lines, as a customer reads them. */
async function expectWeeklySums(canvasElement: HTMLElement) {
  const view = within(canvasElement);
  await expect(view.getByText(weeklyQuote.request.reference)).toBeVisible();
  await expect(view.getByRole('row', { name: /^Subtotal \$255\.00$/ })).toBeVisible();
  await expect(view.getByRole('row', { name: /^Weekly discount \(15%\) −\$38\.25$/ })).toBeVisible();
  await expect(
    view.getByRole('row', { name: /^Total \(incl\. GST\) \$216\.75 per visit, weekly$/ }),
  ).toBeVisible();
  await expect(view.getByRole('row', { name: /^GST included \$19\.70$/ })).toBeVisible();
}

/** Sent and open: the discount and the total per visit, then the three answers as for any quote. */
export const WeeklySent: Story = {
  play: async ({ canvasElement }) => {
    await expectWeeklySums(canvasElement);
    const view = within(canvasElement);
    await expect(view.getByText('per visit, weekly')).toBeVisible();
    await expect(view.getByRole('button', { name: 'Accept Quote' })).toBeVisible();
  },
};

/** On a 360 px phone: the sums stay under the line totals, nothing scrolls sideways. */
export const WeeklyOnAPhone: Story = {
  globals: { viewport: { value: 'phone360', isRotated: false } },
  play: async ({ canvasElement }) => {
    await expectWeeklySums(canvasElement);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
