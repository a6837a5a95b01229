import { business } from '@cleanquote/content';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import pages from './series-booking-rendered.ts?server-rendered';
import { ServerRenderedPage } from './server-rendered-page.tsx';

/**
 * A regular clean on the customer's page (/quote/:token), the server's own HTML without script:
 * the first window chosen once, then the visits of the next 12 weeks at the same time, each with
 * 'Skip this visit' and 'Change time' until its cut-off, a visit needing a time, and ending it.
 */
const meta = {
  title: 'Site/Customer quote page/Regular clean',
  component: ServerRenderedPage,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ServerRenderedPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const page = (name: string) => {
  const html = pages[name];
  if (!html) throw new Error(`No rendered regular clean page ${name}`);
  return { html };
};

/** Accepted, not booked: the first window is chosen, the following visits keep its day and time. */
export const ChooseTheFirstTime: Story = {
  args: page('firstTime'),
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByRole('heading', { level: 2, name: 'Choose a time' })).toBeVisible();
    await expect(
      view.getByText(/the following visits are at the same time and day every week/),
    ).toBeVisible();
    await expect(view.getByRole('button', { name: 'Book this time' })).toBeVisible();
  },
};

/** Booked: the rule, the calendar invite, and twelve visits, each to skip or move. */
export const Booked: Story = {
  args: page('booked'),
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(
      view.getByRole('heading', { level: 2, name: 'Your regular clean: Weekly, Tuesdays 8:00–10:00 am' }),
    ).toBeVisible();
    await expect(view.getByRole('link', { name: 'Add to calendar' })).toBeVisible();
    const visits = within(view.getByRole('list', { name: 'Your visits' })).getAllByRole('listitem');
    await expect(visits).toHaveLength(12);
    await expect(visits[0]).toHaveTextContent('Tuesday 17 March 2026, arriving between 8:00 and 10:00 am');
    // After daylight saving ends on 5 April the visits stay at 8:00.
    await expect(visits[4]).toHaveTextContent('Tuesday 14 April 2026, arriving between 8:00 and 10:00 am');
    await expect(view.getAllByRole('button', { name: 'Skip this visit' })).toHaveLength(12);
    await expect(view.getAllByRole('button', { name: 'Change time' })).toHaveLength(12);
    await expect(view.getByRole('button', { name: 'End regular clean' })).toBeVisible();
    await expect(view.getByLabelText('Last visit on')).toHaveAttribute('type', 'date');
  },
};

/** One visit skipped, one moved, one needing a time (no team free): the others as booked. */
export const SkippedMovedAndNeedingATime: Story = {
  args: page('withExceptions'),
  globals: { viewport: { value: 'desktop', isRotated: false } },
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    const visits = within(view.getByRole('list', { name: 'Your visits' })).getAllByRole('listitem');
    await expect(visits[1]).toHaveTextContent('Skipped');
    await expect(within(visits[1] as HTMLElement).queryByRole('button')).toBeNull();
    await expect(visits[2]).toHaveTextContent(
      'Wednesday 1 April 2026, arriving between 10:00 am and 12:00 pm',
    );
    await expect(visits[2]).toHaveTextContent('Booked (moved)');
    await expect(visits[4]).toHaveTextContent('Needs a time');
    await expect(within(visits[4] as HTMLElement).getByRole('button', { name: 'Change time' })).toBeVisible();
  },
};

/** 'Change time' chosen for 7 April: that visit's times, and the button that moves only it. */
export const ChangingOneVisit: Story = {
  args: page('changingTime'),
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    const change = within(
      view.getByRole('region', {
        name: 'Change the time of Tuesday 7 April 2026, arriving between 8:00 and 10:00 am',
      }),
    );
    await expect(change.getByRole('radio', { name: 'Wed 8 Apr, arrive 10:00 am–12:00 pm' })).toBeVisible();
    await expect(change.getByRole('button', { name: 'Change time' })).toBeVisible();
  },
};

/** Ended after 28 April: the later visits cancelled, and the page says when it ends. */
export const Ended: Story = {
  args: page('ended'),
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByText('Your regular clean ends after Tuesday 28 April 2026.')).toBeVisible();
    await expect(view.getAllByText('Cancelled')).toHaveLength(5);
    await expect(view.queryByRole('button', { name: 'End regular clean' })).toBeNull();
    await expect(view.getByRole('link', { name: business.phone })).toBeVisible();
  },
};

/** On a 360 px phone: each visit's day, state and buttons wrap within the width; nothing scrolls sideways. */
export const SkippedMovedAndNeedingATimeOnAPhone: Story = {
  args: page('withExceptions'),
  globals: { viewport: { value: 'phone360', isRotated: false } },
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    const visits = within(view.getByRole('list', { name: 'Your visits' })).getAllByRole('listitem');
    await expect(visits[4]).toHaveTextContent('Needs a time');
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    const skip = within(visits[0] as HTMLElement).getByRole('button', { name: 'Skip this visit' });
    await expect(skip.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
  },
};
