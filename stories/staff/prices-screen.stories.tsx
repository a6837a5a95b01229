import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { AdminApp } from '../../sites/web/src/admin/admin-app.tsx';
import {
  bedroomRaised,
  biggerWeeklyDiscount,
  defaultPrices,
  endOfLeaseLonger,
  longerEndOfLease,
  pricesAnswer,
  raisedBedroomPrices,
  weeklyDiscountRaised,
} from './prices-fixtures.ts';
import { freshStaffPage, signedIn, staffScreenParameters } from './staff-story-support.tsx';

/**
 * Staff on /prices: the price list every new quote starts from, typed in dollars and grouped by
 * service, each service's estimated time in minutes, and who changed which price or time when.
 * Customers never see it.
 */
const meta = {
  title: 'Staff/Prices/Price list',
  component: AdminApp,
  decorators: [freshStaffPage],
  parameters: staffScreenParameters,
  args: { screen: 'prices' },
} satisfies Meta<typeof AdminApp>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The end-of-lease price per bedroom's field (its name carries the service for screen readers). */
const bedroomField = async (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('textbox', { name: /^End of Lease Cleaning:\s*Per bedroom$/ });

/** Nothing changed yet: every price is the default, and the history says so. */
export const DefaultPrices: Story = {
  parameters: { msw: { handlers: [signedIn, ...pricesAnswer(defaultPrices, [])] } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await bedroomField(canvasElement)).toHaveValue('60.00');
    await expect(page.getByRole('group', { name: 'End of Lease Cleaning' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Urgency' })).toBeVisible();
    await expect(
      await page.findByText('No price has been changed yet: every price is the default.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save Prices' })).toBeVisible();
  },
};

/** A changed price: the field holds the new amount, and the history says who changed it, when, from what. */
export const ChangedPriceWithHistory: Story = {
  parameters: { msw: { handlers: [signedIn, ...pricesAnswer(raisedBedroomPrices, [bedroomRaised])] } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await bedroomField(canvasElement)).toHaveValue('65.00');
    const change = (await page.findByText('End of Lease Cleaning: Per bedroom')).closest('li');
    await expect(change).toHaveTextContent(
      'End of Lease Cleaning: Per bedroom: $60.00 → $65.00 by Kate on 12/03/2026 at 11:45 AM',
    );
  },
};

/** A negative price: the field says so in the server's words, and nothing is sent. */
export const NegativePrice: Story = {
  parameters: { msw: { handlers: [signedIn, ...pricesAnswer(defaultPrices, [])] } },
  play: async ({ canvasElement }) => {
    const field = await bedroomField(canvasElement);
    await userEvent.clear(field);
    await userEvent.type(field, '-5');
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Save Prices' }));
    await expect(
      await within(canvasElement).findByText('End of Lease Cleaning: Per bedroom: can’t be negative'),
    ).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveFocus();
  },
};

/** Text that is no amount: the field asks for dollars, with an example. */
export const NotAnAmount: Story = {
  parameters: { msw: { handlers: [signedIn, ...pricesAnswer(defaultPrices, [])] } },
  play: async ({ canvasElement }) => {
    const field = await bedroomField(canvasElement);
    await userEvent.clear(field);
    await userEvent.type(field, 'sixty');
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Save Prices' }));
    await expect(
      await within(canvasElement).findByText(
        'End of Lease Cleaning: Per bedroom: enter an amount in dollars, like 123.45',
      ),
    ).toBeVisible();
  },
};

/** Each service's estimated time, in its own group: a changed time and its history in hours and minutes. */
/** The regular cleans' discounts, in percent, in a group of their own; a change shows as percent. */
export const RegularCleanDiscounts: Story = {
  parameters: {
    msw: { handlers: [signedIn, ...pricesAnswer(biggerWeeklyDiscount, [weeklyDiscountRaised])] },
  },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    const discounts = within(await page.findByRole('group', { name: 'Regular cleans' }));
    await expect(discounts.getByRole('textbox', { name: 'Weekly discount (%)' })).toHaveValue('20');
    await expect(discounts.getByRole('textbox', { name: 'Fortnightly discount (%)' })).toHaveValue('10');
    await expect(discounts.getByRole('textbox', { name: 'Every 4 weeks discount (%)' })).toHaveValue('5');
    // 23:15 UTC on 4 April 2026 is 9:15 am in Melbourne: daylight saving ended that night.
    const change = (await page.findByText('Weekly discount (%)', { selector: 'strong' })).closest('li');
    await expect(change).toHaveTextContent('Weekly discount (%): 15% → 20% by Kate on 05/04/2026 at 9:15 AM');
  },
};

export const EstimatedTimes: Story = {
  parameters: { msw: { handlers: [signedIn, ...pricesAnswer(longerEndOfLease, [endOfLeaseLonger])] } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    const times = within(await page.findByRole('group', { name: 'End of Lease Cleaning: Estimated time' }));
    await expect(
      times.getByRole('textbox', { name: 'End of Lease Cleaning: Base time in minutes' }),
    ).toHaveValue('200');
    await expect(
      times.getByRole('textbox', { name: 'End of Lease Cleaning: Time per bedroom in minutes' }),
    ).toHaveValue('45');
    await expect(
      times.getByRole('textbox', { name: 'End of Lease Cleaning: Time per bathroom in minutes' }),
    ).toHaveValue('30');
    const oven = within(page.getByRole('group', { name: 'Oven Cleaning: Estimated time' }));
    await expect(oven.getAllByRole('textbox')).toHaveLength(1);
    const change = (await page.findByText('End of Lease Cleaning: Base time')).closest('li');
    await expect(change).toHaveTextContent(
      'End of Lease Cleaning: Base time: 3 h → 3 h 20 min by Kate on 02/04/2026 at 10:15 AM',
    );
  },
};

/** A time that is not whole minutes: the field says so in the server's words, and nothing is sent. */
export const FractionOfAMinute: Story = {
  parameters: { msw: { handlers: [signedIn, ...pricesAnswer(defaultPrices, [])] } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    const field = await page.findByRole('textbox', {
      name: 'Deep Cleaning: Time per bathroom in minutes',
    });
    await userEvent.clear(field);
    await userEvent.type(field, '22.5');
    await userEvent.click(page.getByRole('button', { name: 'Save Prices' }));
    await expect(await page.findByText('Deep Cleaning: Time per bathroom: whole minutes only')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveFocus();
  },
};

let pricesSaved = false;

/** A price changed and saved: staff are told one price changed, and the history shows it. */
export const PriceChangedAndSaved: Story = {
  parameters: {
    msw: {
      handlers: [
        signedIn,
        http.get('/api/prices', () => HttpResponse.json(pricesSaved ? raisedBedroomPrices : defaultPrices)),
        http.get('/api/prices/history', () => HttpResponse.json(pricesSaved ? [bedroomRaised] : [])),
        http.put('/api/prices', () => {
          pricesSaved = true;
          return HttpResponse.json(raisedBedroomPrices);
        }),
      ],
    },
  },
  beforeEach: () => {
    pricesSaved = false;
  },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    const field = await bedroomField(canvasElement);
    await userEvent.clear(field);
    await userEvent.type(field, '65');
    await userEvent.click(page.getByRole('button', { name: 'Save Prices' }));
    const toasts = within(document.body);
    await expect(await toasts.findByText('Prices Saved')).toBeVisible();
    await expect(toasts.getByText('1 price changed. New quotes start from them.')).toBeVisible();
    await expect(field).toHaveValue('65.00');
    await expect(await page.findByText('End of Lease Cleaning: Per bedroom')).toBeVisible();
  },
};
