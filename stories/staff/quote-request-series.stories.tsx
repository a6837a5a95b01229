import { DEFAULT_PRICE_LIST, quoteLinesFor } from '@cleanquote/quote-core/staff';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AdminApp } from '../../sites/web/src/admin/admin-app.tsx';
import {
  fixtureQuoteRequests,
  pricedQuote,
  quoteOf,
  quoteRequestAnswers,
  quoteRequestsAt,
  requests,
} from './quote-request-fixtures.ts';
import { freshStaffPage, staffScreenParameters } from './staff-story-support.tsx';
import { priyaSeries, priyaSeriesAnswer, priyaSlots, scheduleSettingsAnswer } from './visit-fixtures.ts';

/**
 * A regular clean in the Visit section of a request's page: the series named ('Regular clean:
 * Weekly, Tuesdays 10:00 am–12:00 pm'), its visits from today with each one's state — one skipped,
 * one moved to another day and team, one no team was free for — and what staff do with them: skip
 * one, change one's time or choose a time for it, end the regular clean after a day, or move every
 * visit to come to a new weekday and time.
 */
const meta = {
  title: 'Staff/Quote requests/Visit/Regular clean',
  component: AdminApp,
  decorators: [freshStaffPage],
  args: { screen: 'quote-requests' },
  parameters: staffScreenParameters,
} satisfies Meta<typeof AdminApp>;

export default meta;
type Story = StoryObj<typeof meta>;

const priya = quoteOf('Priya Sharma');
/** Priya's weekly clean, accepted: her regular clean's lines at the default prices, 15% off. */
const priyaWeekly = pricedQuote(quoteLinesFor(requests.priya, DEFAULT_PRICE_LIST), {
  status: 'accepted',
  frequency: 'weekly',
  durationMinutes: 180,
});

/** Priya's page, her weekly quote accepted and its visits held; `handlers` answer before the rest. */
function priyaPage(...handlers: ReturnType<typeof http.patch>[]): Partial<Story> {
  const inbox = (now: number) =>
    fixtureQuoteRequests(now).map((quote) =>
      quote.listItem.id === priya.listItem.id
        ? {
            ...quote,
            listItem: { ...quote.listItem, quoteStatus: 'accepted' as const },
            detail: {
              ...quote.detail,
              quoteStatus: 'accepted' as const,
              series: { id: priyaSeries.id, frequency: priyaSeries.frequency, endsOn: null },
            },
            priced: priyaWeekly,
          }
        : quote,
    );
  return {
    beforeEach: quoteRequestsAt({ quote: priya.listItem.id }),
    parameters: {
      msw: {
        handlers: [
          ...handlers,
          http.get('/api/contact/:id/visit', () => HttpResponse.json(priyaSeriesAnswer)),
          http.get('/api/contact/:id/slots', () => HttpResponse.json(priyaSlots)),
          scheduleSettingsAnswer,
          ...quoteRequestAnswers(inbox),
        ],
      },
    },
  };
}

/** The Visit section, once the regular clean was read. */
async function visitSection(canvasElement: HTMLElement) {
  const heading = await within(canvasElement).findByRole(
    'heading',
    { level: 3, name: 'Regular clean: Weekly, Tuesdays 10:00 am–12:00 pm' },
    { timeout: 5000 },
  );
  return within(heading.closest('section') as HTMLElement);
}

/** A visit's entry in the list, by its window in full. */
function visitEntry(section: ReturnType<typeof within>, window: string) {
  const entry = section.getByText(window).closest('li');
  if (!entry) throw new Error(`No visit of ${window} in the list.`);
  return within(entry);
}

const skippedWindow = 'Tuesday 8 December 2026, arriving between 10:00 am and 12:00 pm';
const movedWindow = 'Wednesday 16 December 2026, arriving between 12:00 and 2:00 pm';
const unplacedWindow = 'Tuesday 22 December 2026, arriving between 10:00 am and 12:00 pm';
const firstWindow = 'Tuesday 1 December 2026, arriving between 10:00 am and 12:00 pm';

/** The series and its visits, each with its window, team and state, and what staff can do with each. */
async function seriesShown(canvasElement: HTMLElement) {
  const section = await visitSection(canvasElement);
  await expect(section.getByText('Last visit on', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
    'No end date',
  );
  for (const name of ['Move all visits', 'End regular clean'])
    await expect(section.getByRole('button', { name })).toBeVisible();
  const list = within(section.getByRole('list', { name: 'Visits from today' }));
  await expect(list.getAllByRole('listitem')).toHaveLength(6);

  const first = visitEntry(section, firstWindow);
  await expect(first.getByText('Booked')).toBeVisible();
  await expect(first.getByRole('button', { name: 'Change time' })).toBeVisible();
  await expect(first.getByRole('button', { name: 'Skip this visit' })).toBeVisible();

  const skipped = visitEntry(section, skippedWindow);
  await expect(skipped.getByText('Skipped')).toBeVisible();
  await expect(skipped.queryByRole('button')).toBeNull();

  const moved = visitEntry(section, movedWindow);
  await expect(moved.getByText('Team 2')).toBeVisible();
  await expect(moved.getByText('Moved from Tuesday 15 December, 10:00 am–12:00 pm')).toBeVisible();

  const unplaced = visitEntry(section, unplacedWindow);
  await expect(unplaced.getByText('Needs a time')).toBeVisible();
  await expect(unplaced.getByText('No team free at this time')).toBeVisible();
  await expect(unplaced.getByRole('button', { name: 'Choose a time' })).toBeVisible();
  return section;
}

/** A weekly clean with a visit skipped, one moved and one needing a time, on a desktop. */
export const WithExceptions: Story = {
  ...priyaPage(),
  globals: { viewport: { value: 'desktop', isRotated: false } },
  play: async ({ canvasElement }) => {
    await seriesShown(canvasElement);
  },
};

/** The same on a 360 px phone: each visit's window, state and buttons stack, nothing scrolls sideways. */
export const WithExceptionsOnAPhone: Story = {
  ...priyaPage(),
  globals: { viewport: { value: 'phone360', isRotated: false } },
  play: async ({ canvasElement }) => {
    await seriesShown(canvasElement);
    await waitFor(() => expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth));
  },
};

/**
 * 'Skip this visit' from the keyboard: Enter opens the confirmation with 'Keep visit' focused;
 * Escape closes it and focus is back on the button.
 */
export const SkipConfirmation: Story = {
  ...priyaPage(),
  play: async ({ canvasElement }) => {
    const section = await visitSection(canvasElement);
    const skip = visitEntry(section, firstWindow).getByRole('button', { name: 'Skip this visit' });
    skip.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = within(
      await within(document.body).findByRole('alertdialog', { name: 'Skip this visit?' }),
    );
    await expect(dialog.getByText(/The other visits of the regular clean stay as they are\./)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Keep visit' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(skip).toHaveFocus());
  },
};

/** 'Choose a time' for the visit no team was free for: the offered times, any other, and a team. */
export const ChooseATime: Story = {
  ...priyaPage(),
  play: async ({ canvasElement }) => {
    const section = await visitSection(canvasElement);
    await userEvent.click(visitEntry(section, unplacedWindow).getByRole('button', { name: 'Choose a time' }));
    const form = within(section.getByRole('form', { name: 'Choose a time' }));
    await expect(form.getByRole('heading', { name: 'Choose a time' })).toHaveFocus();
    await expect(form.getByText(`No team was free on ${unplacedWindow}.`)).toBeVisible();
    await expect(await form.findByRole('group', { name: 'Thursday 3 December' })).toBeVisible();
    await expect(form.getByLabelText('Team')).toBeVisible();
  },
};

/**
 * 'End regular clean' asks for the day of the last visit; sent without one, it says so beside the
 * field, and a day the server refuses is told there too.
 */
export const EndRegularClean: Story = {
  ...priyaPage(
    http.patch('/api/series/:id', () =>
      HttpResponse.json(
        { error: 'Please check endsOn.', fields: { endsOn: 'Use today or a later day' }, requestId: 'story' },
        { status: 400 },
      ),
    ),
  ),
  play: async ({ canvasElement }) => {
    const section = await visitSection(canvasElement);
    await userEvent.click(section.getByRole('button', { name: 'End regular clean' }));
    const dialog = within(await within(document.body).findByRole('dialog', { name: 'End regular clean' }));
    const day = dialog.getByLabelText('Last visit on');
    await userEvent.click(dialog.getByRole('button', { name: 'End regular clean' }));
    await expect(dialog.getByRole('alert')).toHaveTextContent('Enter the day of the last visit.');
    await expect(day).toHaveFocus();
    await userEvent.type(day, '2026-11-01');
    await userEvent.click(dialog.getByRole('button', { name: 'End regular clean' }));
    await expect(await dialog.findByText('Use today or a later day.')).toBeVisible();
    await expect(day).toHaveAttribute('aria-invalid', 'true');
  },
};

/** 'Move all visits': a new first visit from the offered times or any other; the series keeps its team. */
export const MoveAllVisits: Story = {
  ...priyaPage(),
  globals: { viewport: { value: 'phone360', isRotated: false } },
  play: async ({ canvasElement }) => {
    const section = await visitSection(canvasElement);
    await userEvent.click(section.getByRole('button', { name: 'Move all visits' }));
    const form = within(section.getByRole('form', { name: 'Move all visits' }));
    await expect(form.getByRole('heading', { name: 'Move all visits' })).toHaveFocus();
    await expect(form.getByText('Now Weekly, Tuesdays 10:00 am–12:00 pm (Team 1).')).toBeVisible();
    await expect(
      await form.findByText(/then every week on that weekday at that time\./, {}, { timeout: 5000 }),
    ).toBeVisible();
    await expect(form.queryByLabelText('Team')).toBeNull();
    await waitFor(() => expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth));
  },
};
