import { business } from '@cleanquote/content';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import pages from './reclean-section-rendered.ts?server-rendered';
import { ServerRenderedPage } from './server-rendered-page.tsx';

/**
 * The re-clean guarantee on an accepted quote's page (/quote/:token), once its clean is done: the
 * server's own HTML, no script. For 24 hours the customer can report a problem; then they choose a
 * time for the free re-clean, which the page shows once booked; after 24 hours, a number to call.
 * Rendered by the server's renderCustomerQuotePage.
 */
const meta = {
  title: 'Site/Customer quote page/Re-clean guarantee',
  component: ServerRenderedPage,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ServerRenderedPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const page = (name: string) => {
  const html = pages[name];
  if (!html) throw new Error(`No rendered re-clean page ${name}`);
  return { html };
};

const desktop = { viewport: { value: 'desktop', isRotated: false } };
const phone = { viewport: { value: 'phone360', isRotated: false } };

/** Nothing on the page scrolls sideways. */
async function fitsTheWidth() {
  await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
}

/** Within 24 hours of the clean: 'Report a problem', a labelled box for what was not right. */
export const ReportForm: Story = {
  args: page('reportForm'),
  globals: desktop,
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(
      view.getByText(
        'Your visit on Monday 16 March 2026, arriving between 8:00 and 10:00 am is done. Thank you.',
      ),
    ).toBeVisible();
    await expect(view.getByRole('heading', { level: 2, name: 'Report a problem' })).toBeVisible();
    const message = view.getByRole('textbox', { name: 'What was not right?' });
    await expect(message).toHaveAccessibleDescription(/Up to 2,000 characters/);
    await userEvent.type(message, 'The oven was not cleaned inside.');
    await expect(message).toHaveValue('The oven was not cleaned inside.');
    await expect(view.getByRole('button', { name: 'Report a problem' })).toBeVisible();
    await fitsTheWidth();
  },
};

/** The report form on a 360 px phone: the box and the button span the width. */
export const ReportFormOnAPhone: Story = {
  args: page('reportForm'),
  globals: phone,
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByRole('textbox', { name: 'What was not right?' })).toBeVisible();
    const report = view.getByRole('button', { name: 'Report a problem' });
    await expect(report.getBoundingClientRect().width).toBeGreaterThan(window.innerWidth * 0.8);
    await fitsTheWidth();
  },
};

/** A message over 2,000 characters: the problem named, linked to the box, and the text kept. */
export const ReportTooLong: Story = {
  args: page('reportTooLong'),
  globals: desktop,
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    const problem = 'Your message must be 2,000 characters or fewer (it has 2,012)';
    await expect(view.getByRole('alert')).toHaveTextContent(problem);
    await expect(view.getByRole('link', { name: problem })).toHaveAttribute('href', '#reclean-message');
    const message = view.getByRole('textbox', { name: 'What was not right?' });
    await expect(message).toBeInvalid();
    await expect(message).toHaveAccessibleDescription(new RegExp(problem.replace(/[()]/g, '\\$&')));
    await expect((message as HTMLTextAreaElement).value).toMatch(/^The oven was not cleaned inside\./);
  },
};

/** Reported: the free re-clean's times until the end of the third day, grouped by day. */
export const RecleanTimesOffered: Story = {
  args: page('recleanTimes'),
  globals: desktop,
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByRole('heading', { level: 2, name: 'Your free re-clean' })).toBeVisible();
    await expect(view.queryByRole('textbox', { name: 'What was not right?' })).toBeNull();
    const monday = view.getByRole('group', { name: 'Monday 16 March' });
    await expect(within(monday).getAllByRole('radio')).toHaveLength(1);
    await expect(view.getByRole('group', { name: 'Thursday 19 March' })).toBeVisible();
    const first = view.getByRole('radio', { name: 'Tue 17 Mar, arrive 8:00–10:00 am' });
    await expect(first).toHaveAttribute('value', '2026-03-17T08:00:00+11:00');
    await userEvent.click(first);
    await expect(first).toBeChecked();
    await expect(view.getByRole('button', { name: 'Book re-clean' })).toBeVisible();
  },
};

/** The re-clean's times on a 360 px phone. */
export const RecleanTimesOnAPhone: Story = {
  args: page('recleanTimes'),
  globals: phone,
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByRole('heading', { level: 2, name: 'Your free re-clean' })).toBeVisible();
    const book = view.getByRole('button', { name: 'Book re-clean' });
    await expect(book.getBoundingClientRect().width).toBeGreaterThan(window.innerWidth * 0.8);
    await fitsTheWidth();
  },
};

/** The time was taken between the page and the post: the message, and the refreshed list. */
export const RecleanTimeTaken: Story = {
  args: page('recleanTaken'),
  globals: desktop,
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByRole('alert')).toHaveTextContent(
      'That time was just taken. Please choose another.',
    );
    await expect(view.queryByRole('radio', { name: 'Mon 16 Mar, arrive 2:00–4:00 pm' })).toBeNull();
  },
};

/** No time free in the next few days: a number to call. */
export const NoRecleanTimes: Story = {
  args: page('recleanNoTimes'),
  globals: desktop,
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    const section = within(view.getByRole('region', { name: 'Your free re-clean' }));
    await expect(section.getByText(/No times are free in the next few days/)).toBeVisible();
    await expect(section.getByRole('link', { name: business.phone })).toBeVisible();
    await expect(view.queryByRole('button', { name: 'Book re-clean' })).toBeNull();
  },
};

/** The re-clean booked: shown as 'Re-clean' with its time, at no cost. */
export const RecleanBooked: Story = {
  args: page('recleanBooked'),
  globals: desktop,
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(
      view.getByRole('heading', {
        level: 2,
        name: 'Re-clean: Tuesday 17 March 2026, arriving between 10:00 am and 12:00 pm',
      }),
    ).toBeVisible();
    await expect(view.getByText(/Your free re-clean is booked, at no cost \(\$0\)/)).toBeVisible();
    await expect(view.queryByRole('button', { name: 'Book re-clean' })).toBeNull();
  },
};

/** The re-clean booked, on a 360 px phone. */
export const RecleanBookedOnAPhone: Story = {
  args: page('recleanBooked'),
  globals: phone,
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByRole('heading', { level: 2, name: /^Re-clean: / })).toBeVisible();
    await fitsTheWidth();
  },
};

/** More than 24 hours after the clean: no form, a number to call. */
export const After24Hours: Story = {
  args: page('after24Hours'),
  globals: desktop,
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    const section = within(view.getByRole('region', { name: 'Something not right?' }));
    // The number is a link to call, inside the sentence.
    await expect(section.getByText(/^It has been more than 24 hours/)).toHaveTextContent(
      `It has been more than 24 hours since your clean — please call ${business.phone}`,
    );
    await expect(section.getByRole('link', { name: business.phone })).toHaveAttribute(
      'href',
      business.phoneHref,
    );
    await expect(view.queryByRole('button', { name: 'Report a problem' })).toBeNull();
  },
};

/** After 24 hours, on a 360 px phone. */
export const After24HoursOnAPhone: Story = {
  args: page('after24Hours'),
  globals: phone,
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByText(/It has been more than 24 hours since your clean/)).toBeVisible();
    await fitsTheWidth();
  },
};
