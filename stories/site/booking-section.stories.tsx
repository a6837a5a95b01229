import { business } from '@cleanquote/content';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import pages from './booking-section-rendered.ts?server-rendered';
import { ServerRenderedPage } from './server-rendered-page.tsx';

/**
 * The booking part of an accepted quote's page (/quote/:token): the server's own HTML, no script.
 * The customer chooses an arrival window and books it; once booked, the window, 'Add to calendar',
 * and — until 4 hours before — change or cancel. Rendered by the server's renderCustomerQuotePage.
 */
const meta = {
  title: 'Site/Customer quote page/Booking',
  component: ServerRenderedPage,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ServerRenderedPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const page = (name: string) => {
  const html = pages[name];
  if (!html) throw new Error(`No rendered booking page ${name}`);
  return { html };
};

/** Accepted and not booked: the windows, grouped by Melbourne day, as radio buttons in a real form. */
export const TimesOffered: Story = {
  args: page('timesOffered'),
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByRole('heading', { level: 2, name: 'Choose a time' })).toBeVisible();
    const monday = view.getByRole('group', { name: 'Monday 16 March' });
    await expect(within(monday).getAllByRole('radio')).toHaveLength(4);
    const first = view.getByRole('radio', { name: 'Mon 16 Mar, arrive 8:00–10:00 am' });
    await expect(first).toHaveAttribute('value', '2026-03-16T08:00:00+11:00');
    await expect(view.getByRole('radio', { name: 'Mon 16 Mar, arrive 12:00–2:00 pm' })).toBeVisible();
    await userEvent.click(first);
    await expect(first).toBeChecked();
    await expect(view.getByRole('button', { name: 'Book this time' })).toBeVisible();
  },
};

/** Nothing free in the coming weeks: the page says to call. */
export const NoneOffered: Story = {
  args: page('noneOffered'),
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    const booking = within(view.getByRole('region', { name: 'Choose a time' }));
    await expect(booking.getByText(/No times are free in the coming weeks/)).toBeVisible();
    await expect(booking.getByRole('link', { name: business.phone })).toBeVisible();
    await expect(view.queryByRole('button', { name: 'Book this time' })).toBeNull();
  },
};

/** The time was taken between the page and the post: the message, and the refreshed list. */
export const Taken: Story = {
  args: page('taken'),
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByRole('alert')).toHaveTextContent(
      'That time was just taken. Please choose another.',
    );
    await expect(view.queryByRole('radio', { name: 'Mon 16 Mar, arrive 8:00–10:00 am' })).toBeNull();
    await expect(view.getByRole('radio', { name: 'Mon 16 Mar, arrive 10:00 am–12:00 pm' })).toBeVisible();
  },
};

/** Booked: the window, the invite to download, and change or cancel while allowed. */
export const Booked: Story = {
  args: page('booked'),
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(
      view.getByRole('heading', {
        level: 2,
        name: 'Booked: Thursday 19 March 2026, arriving between 8:00 and 10:00 am',
      }),
    ).toBeVisible();
    await expect(view.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/visit\.ics$/),
    );
    await userEvent.click(view.getByText('Show the times you can move to'));
    await expect(view.getByRole('radio', { name: 'Tue 17 Mar, arrive 8:00–10:00 am' })).toBeVisible();
    await expect(view.getByRole('button', { name: 'Change time' })).toBeVisible();
    await expect(view.getByRole('textbox', { name: 'Reason for cancelling (optional)' })).toBeVisible();
    await expect(view.getByRole('button', { name: 'Cancel visit' })).toBeVisible();
  },
};

/** Less than 4 hours before the window: no forms, a number to call. */
export const InsideTheCutOff: Story = {
  args: page('insideCutOff'),
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(
      view.getByText(
        `Less than 4 hours to go — please call ${business.phone} to change or cancel this visit`,
      ),
    ).toBeVisible();
    await expect(view.queryByRole('button', { name: 'Change time' })).toBeNull();
    await expect(view.queryByRole('button', { name: 'Cancel visit' })).toBeNull();
  },
};

/** Cancelled: the page says so, and the quote can be booked again. */
export const Cancelled: Story = {
  args: page('cancelled'),
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(
      view.getByText(
        'Your visit on Thursday 19 March 2026, arriving between 8:00 and 10:00 am was cancelled.',
      ),
    ).toBeVisible();
    await expect(view.getByRole('heading', { level: 2, name: 'Choose a time' })).toBeVisible();
  },
};

/** On a 360 px phone: the windows stack, nothing scrolls sideways, the button spans the width. */
export const TimesOfferedOnAPhone: Story = {
  args: page('timesOffered'),
  globals: { viewport: { value: 'phone360', isRotated: false } },
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByRole('heading', { level: 2, name: 'Choose a time' })).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    const book = view.getByRole('button', { name: 'Book this time' });
    await expect(book.getBoundingClientRect().width).toBeGreaterThan(window.innerWidth * 0.8);
  },
};
