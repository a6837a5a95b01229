import type { VisitChange } from '@cleanquote/quote-core/staff';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AdminApp } from '../../sites/web/src/admin/admin-app.tsx';
import type { ScheduledVisit } from '../../sites/web/src/admin/schedule/schedule-week-queries.ts';
import { freshStaffPage, signedIn, staffScreenParameters } from './staff-story-support.tsx';
import {
  busyWeek,
  clashWeek,
  priyaSlots,
  scheduleAnswer,
  scheduleSettingsAnswer,
  scheduleSettingsHistoryAnswer,
  seriesWeek,
  storyWeek,
} from './visit-fixtures.ts';

/**
 * The schedule's week on /schedule: Monday to Sunday in Melbourne, each day's visits by team — the
 * customer (a link to their quote request), suburb, service, arrival window and status — with
 * 'Previous week', 'This week' and 'Next week'. The week is in the page's address.
 */
const meta = {
  title: 'Staff/Schedule/Week',
  component: AdminApp,
  decorators: [freshStaffPage],
  args: { screen: 'schedule' },
  parameters: staffScreenParameters,
  // Opens at the week of Monday 30 November 2026, as a link with ?week= would; the address is put back after.
  beforeEach: () => {
    const before = window.location.href;
    const url = new URL(before);
    url.searchParams.set('week', storyWeek);
    window.history.replaceState(window.history.state, '', url);
    return () => window.history.replaceState(window.history.state, '', before);
  },
} satisfies Meta<typeof AdminApp>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The screen's answers with these visits: who is signed in, the week, the settings below it. */
function answers(visits: readonly ScheduledVisit[]): ReturnType<typeof http.get>[] {
  return [signedIn, scheduleAnswer(visits), scheduleSettingsAnswer, scheduleSettingsHistoryAnswer];
}

/** The week's section, once its visits were read. */
async function weekOf(canvasElement: HTMLElement) {
  const heading = await within(canvasElement).findByRole('heading', { level: 2, name: /^Visits: / });
  const week = within(heading.closest('section') as HTMLElement);
  await week.findByText(/^No visits this week\.$|^\d+ visits?: /);
  return week;
}

/** The entry of a visit, by its customer's link (the nth one, for a customer visited twice). */
function visitEntry(page: ReturnType<typeof within>, customer: string, nth = 0) {
  const link = page.getAllByRole('link', { name: customer })[nth];
  const entry = link?.closest('li');
  if (!entry) throw new Error(`No visit of ${customer} on the week.`);
  return within(entry);
}

/** Nothing booked: the week says so, and the buttons move on to the next. */
export const Empty: Story = {
  parameters: { msw: { handlers: answers([]) } },
  play: async ({ canvasElement }) => {
    const page = await weekOf(canvasElement);
    await expect(
      page.getByRole('heading', { level: 2, name: 'Visits: 30 November – 6 December 2026' }),
    ).toBeVisible();
    await expect(page.getByRole('status')).toHaveTextContent('No visits this week.');
    await expect(page.queryByRole('heading', { level: 3 })).toBeNull();
    for (const name of ['Previous week', 'This week', 'Next week'])
      await expect(page.getByRole('button', { name })).toBeVisible();
    // From the keyboard: Enter on 'Next week', then Space on 'This week'.
    page.getByRole('button', { name: 'Next week' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(page.getByRole('heading', { level: 2, name: 'Visits: 7 – 13 December 2026' })).toBeVisible();
    page.getByRole('button', { name: 'This week' }).focus();
    await userEvent.keyboard(' ');
    await expect(new URL(window.location.href).searchParams.get('week')).toBeNull();
  },
};

/**
 * A busy week: both teams out most days, a visit done and one cancelled. Each day is a row with a
 * column per team; 'Next week' and 'Previous week' move a week at a time and keep it in the address.
 */
export const Busy: Story = {
  parameters: { msw: { handlers: answers(busyWeek) } },
  globals: { viewport: { value: 'desktop', isRotated: false } },
  play: async ({ canvasElement }) => {
    const page = await weekOf(canvasElement);
    await expect(page.getByRole('status')).toHaveTextContent('9 visits: 7 booked, 1 completed, 1 cancelled.');
    await expect(page.getAllByRole('heading', { level: 3 }).map((day) => day.textContent)).toEqual([
      'Monday 30 November',
      'Tuesday 1 December',
      'Wednesday 2 December',
      'Thursday 3 December',
      'Friday 4 December',
      'Saturday 5 December',
      'Sunday 6 December',
    ]);
    const margaret = visitEntry(page, "Margaret O'Brien");
    await expect(margaret.getByText('8:00–10:00 am')).toBeVisible();
    await expect(margaret.getByText('Northcote · NDIS & Aged Care Cleaning')).toBeVisible();
    await expect(page.getByRole('link', { name: "Margaret O'Brien" })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/admin\?quote=[\w-]+$/),
    );
    await expect(visitEntry(page, 'Tom Nguyen').getByText('12:00–2:00 pm')).toBeVisible();
    await expect(visitEntry(page, 'Priya Sharma').getByText('Completed')).toBeVisible();
    await expect(visitEntry(page, 'Jack Thompson').getByText('Cancelled')).toBeVisible();

    // Side by side on a desktop: Monday's Team 2 column starts right of its Team 1 column.
    const monday = within(
      page.getByRole('heading', { name: 'Monday 30 November' }).closest('li') as HTMLElement,
    );
    const teamOne = monday.getByRole('heading', { level: 4, name: 'Team 1' }).getBoundingClientRect();
    const teamTwo = monday.getByRole('heading', { level: 4, name: 'Team 2' }).getBoundingClientRect();
    await expect(teamTwo.left).toBeGreaterThan(teamOne.right);

    await userEvent.click(page.getByRole('button', { name: 'Next week' }));
    await expect(page.getByRole('heading', { level: 2, name: 'Visits: 7 – 13 December 2026' })).toBeVisible();
    await expect(await page.findByText('No visits this week.')).toBeVisible();
    await expect(new URL(window.location.href).searchParams.get('week')).toBe('2026-12-07');
    // Focus stays on the button, so the next press goes on a week.
    await expect(page.getByRole('button', { name: 'Next week' })).toHaveFocus();
    await userEvent.click(page.getByRole('button', { name: 'Previous week' }));
    await expect(await page.findByText('9 visits: 7 booked, 1 completed, 1 cancelled.')).toBeVisible();
  },
};

/** Two visits of Team 1 overlap (staff placed Tom's over the clash): both are marked, Team 2 is not. */
export const AClash: Story = {
  parameters: { msw: { handlers: answers(clashWeek) } },
  play: async ({ canvasElement }) => {
    const page = await weekOf(canvasElement);
    await expect(visitEntry(page, 'Priya Sharma').getByText(/overlaps Tom Nguyen$/)).toBeVisible();
    await expect(visitEntry(page, 'Tom Nguyen').getByText(/overlaps Priya Sharma$/)).toBeVisible();
    await expect(visitEntry(page, "Margaret O'Brien").queryByText(/Clash/)).toBeNull();
  },
};

/** On a 360 px phone: the days, teams and visits stack, and nothing scrolls sideways. */
export const BusyOnAPhone: Story = {
  parameters: { msw: { handlers: answers(busyWeek) } },
  globals: { viewport: { value: 'phone360', isRotated: false } },
  play: async ({ canvasElement }) => {
    const page = await weekOf(canvasElement);
    const monday = within(
      page.getByRole('heading', { name: 'Monday 30 November' }).closest('li') as HTMLElement,
    );
    const day = monday.getByRole('heading', { level: 3 }).getBoundingClientRect();
    const teamOne = monday.getByRole('heading', { level: 4, name: 'Team 1' }).getBoundingClientRect();
    const teamTwo = monday.getByRole('heading', { level: 4, name: 'Team 2' }).getBoundingClientRect();
    await expect(teamOne.top).toBeGreaterThan(day.bottom - 1);
    await expect(teamTwo.top).toBeGreaterThan(teamOne.bottom);
    await expect(Math.round(teamTwo.left)).toBe(Math.round(teamOne.left));
    // Measured once the phone's width has reached the layout (the page before it may have been wide).
    await waitFor(() => expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth));
    await expect(visitEntry(page, 'Tom Nguyen').getByText('12:00–2:00 pm')).toBeVisible();
  },
};

/**
 * Regular cleans in the week: Priya's weekly visit marked 'Regular clean', Tom's that no team was
 * free for under its day as 'Needs a time' (outside the teams' columns: it holds no team's time),
 * Liam's skipped one muted in its team's column, Emma's free re-clean marked 'Re-clean'. Each opens
 * its quote request.
 */
export const WithARegularClean: Story = {
  parameters: { msw: { handlers: answers(seriesWeek) } },
  globals: { viewport: { value: 'desktop', isRotated: false } },
  play: async ({ canvasElement }) => {
    const page = await weekOf(canvasElement);
    await expect(page.getByRole('status')).toHaveTextContent(
      '6 visits: 4 booked, 1 needs a time, 1 skipped.',
    );
    await expect(visitEntry(page, 'Priya Sharma').getByText('Regular clean')).toBeVisible();
    const wednesday = within(
      page.getByRole('heading', { name: 'Wednesday 2 December' }).closest('li') as HTMLElement,
    );
    const unplaced = wednesday.getByRole('heading', { level: 4, name: 'Needs a time' })
      .parentElement as HTMLElement;
    await expect(within(unplaced).getByRole('link', { name: 'Tom Nguyen' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/admin\?quote=[\w-]+$/),
    );
    await expect(visitEntry(page, 'Tom Nguyen').getByText('Needs a time')).toBeVisible();
    // Below the teams' columns, not in Team 2's.
    const teamTwo = wednesday.getByRole('heading', { level: 4, name: 'Team 2' }).parentElement as HTMLElement;
    await expect(within(teamTwo).queryByRole('link', { name: 'Tom Nguyen' })).toBeNull();
    await expect(unplaced.getBoundingClientRect().top).toBeGreaterThan(
      teamTwo.getBoundingClientRect().bottom - 1,
    );
    await expect(visitEntry(page, 'Liam Walsh').getByText('Skipped')).toBeVisible();
    await expect(visitEntry(page, 'Emma Wilson').getByText('Re-clean')).toBeVisible();
  },
};

/** The same on a 360 px phone: the visit needing a time stacks under its day's teams. */
export const WithARegularCleanOnAPhone: Story = {
  parameters: { msw: { handlers: answers(seriesWeek) } },
  globals: { viewport: { value: 'phone360', isRotated: false } },
  play: async ({ canvasElement }) => {
    const page = await weekOf(canvasElement);
    await expect(visitEntry(page, 'Tom Nguyen').getByText('Needs a time')).toBeVisible();
    await waitFor(() => expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth));
  },
};

/*
 * Acting on a visit from the week, read on Monday 30 November at 9:00 (the answer's `now`):
 * Margaret's 8:00 one-off has begun, so it can be marked completed; Priya's weekly visit can be
 * skipped or moved; Tom's, which no team was free for, gets a time chosen or is skipped. The week
 * below changes as the server would and is read again after each change.
 */

/** The week with regular cleans, as a stand-in server holds it: each PATCH of a visit changes it. */
function changingWeek(): ReturnType<typeof http.get>[] {
  let visits: readonly ScheduledVisit[] = seriesWeek;
  const change = http.patch('/api/visits/:id', async ({ params, request }) => {
    const body = (await request.json()) as VisitChange;
    const before = visits.find((visit) => visit.id === params.id);
    if (!before) return HttpResponse.json({ error: 'No such visit.' }, { status: 404 });
    const start = 'start' in body && body.start ? body.start : null;
    const changed: ScheduledVisit = start
      ? {
          ...before,
          start,
          end: new Date(Date.parse(start) + Date.parse(before.end) - Date.parse(before.start)).toISOString(),
          status: 'booked',
        }
      : body.status === 'completed'
        ? { ...before, status: 'completed', completedAt: body.completedAt ?? '2026-11-29T22:00:00.000Z' }
        : { ...before, status: body.status ?? before.status };
    visits = visits.map((visit) => (visit.id === changed.id ? changed : visit));
    return HttpResponse.json({ ...changed, invoice: null });
  });
  return [
    change,
    scheduleAnswer(() => visits),
    http.get('/api/contact/:id/slots', () => HttpResponse.json(priyaSlots)),
    ...answers(seriesWeek),
  ];
}

/** What a screen reader reads after a button's name: the texts its aria-describedby points at. */
function description(button: HTMLElement): string {
  return (button.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');
}

/** Each visit's buttons, as the week offers them before anything changes. */
async function actionsShown(page: ReturnType<typeof within>) {
  const buttonsOf = (customer: string) =>
    visitEntry(page, customer)
      .queryAllByRole('button')
      .map((button) => button.textContent);
  await expect(buttonsOf("Margaret O'Brien")).toEqual(['Mark as completed']);
  await expect(buttonsOf('Priya Sharma')).toEqual(['Change time', 'Skip this visit']);
  await expect(buttonsOf('Tom Nguyen')).toEqual(['Choose a time', 'Skip this visit']);
  await expect(buttonsOf('Liam Walsh')).toEqual([]);
  await expect(
    description(visitEntry(page, 'Priya Sharma').getByRole('button', { name: 'Skip this visit' })),
  ).toBe('Tuesday 1 December 10:00 am–12:00 pm Priya Sharma');
}

/**
 * Staff act on the week's visits from the keyboard: skip Priya's weekly visit, mark Margaret's
 * completed, choose a time for Tom's. Each time the week is read again and focus is back on the
 * visit, in its new place.
 */
export const ActingOnVisits: Story = {
  parameters: { msw: { handlers: changingWeek() } },
  globals: { viewport: { value: 'desktop', isRotated: false } },
  play: async ({ canvasElement }) => {
    const page = await weekOf(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await actionsShown(page);
    const windowOf = (customer: string) =>
      page.getByRole('link', { name: customer }).closest('li')?.querySelector('.schedule-visit__window');

    // Skip: Enter opens the confirmation on 'Keep visit'; Tab and Enter skip it.
    visitEntry(page, 'Priya Sharma').getByRole('button', { name: 'Skip this visit' }).focus();
    await userEvent.keyboard('{Enter}');
    const skip = within(await body.findByRole('alertdialog', { name: 'Skip this visit?' }));
    await expect(skip.getByRole('button', { name: 'Keep visit' })).toHaveFocus();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    // The page behind a dialog is hidden from assistive technology until it closes.
    await waitFor(() => expect(body.queryByRole('alertdialog')).toBeNull());
    await expect(await visitEntry(page, 'Priya Sharma').findByText('Skipped')).toBeVisible();
    await waitFor(() => expect(windowOf('Priya Sharma')).toHaveFocus());

    // Complete: the dialog's button sends it, finished just now.
    visitEntry(page, "Margaret O'Brien").getByRole('button', { name: 'Mark as completed' }).focus();
    await userEvent.keyboard('{Enter}');
    const complete = within(await body.findByRole('dialog', { name: 'Mark as completed' }));
    await userEvent.click(complete.getByRole('button', { name: 'Mark as completed' }));
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    await expect(await visitEntry(page, "Margaret O'Brien").findByText('Completed')).toBeVisible();
    await waitFor(() => expect(windowOf("Margaret O'Brien")).toHaveFocus());

    // Choose a time: the form stands in for the days; Thursday at 10:00, and Tom's visit is there.
    visitEntry(page, 'Tom Nguyen').getByRole('button', { name: 'Choose a time' }).focus();
    await userEvent.keyboard('{Enter}');
    const form = within(page.getByRole('form', { name: 'Choose a time' }));
    await expect(form.getByRole('heading', { name: 'Choose a time' })).toHaveFocus();
    const thursday = within(await form.findByRole('group', { name: 'Thursday 3 December' }));
    await userEvent.click(thursday.getByRole('radio', { name: 'Arrive 10:00 am–12:00 pm' }));
    await userEvent.click(form.getByRole('button', { name: 'Choose a time' }));
    await expect(await page.findByText('6 visits: 3 booked, 1 completed, 2 skipped.')).toBeVisible();
    const onThursday = within(
      page.getByRole('heading', { name: 'Thursday 3 December' }).closest('li') as HTMLElement,
    );
    await expect(onThursday.getByRole('link', { name: 'Tom Nguyen' })).toBeVisible();
    await waitFor(() => expect(windowOf('Tom Nguyen')).toHaveFocus());
  },
};

/** The same buttons on a 360 px phone: they wrap under each visit, and nothing scrolls sideways. */
export const ActingOnVisitsOnAPhone: Story = {
  parameters: { msw: { handlers: changingWeek() } },
  globals: { viewport: { value: 'phone360', isRotated: false } },
  play: async ({ canvasElement }) => {
    const page = await weekOf(canvasElement);
    await actionsShown(page);
    await waitFor(() => expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth));
  },
};

/** 'Change time' on a 360 px phone: the time form in place of the days, its heading focused. */
export const ChangingTimeOnAPhone: Story = {
  parameters: { msw: { handlers: changingWeek() } },
  globals: { viewport: { value: 'phone360', isRotated: false } },
  play: async ({ canvasElement }) => {
    const page = await weekOf(canvasElement);
    visitEntry(page, 'Priya Sharma').getByRole('button', { name: 'Change time' }).focus();
    await userEvent.keyboard('{Enter}');
    const form = within(page.getByRole('form', { name: 'Change time' }));
    await expect(form.getByRole('heading', { name: 'Change time' })).toHaveFocus();
    await expect(
      form.getByText('Booked for Tuesday 1 December 2026, arriving between 10:00 am and 12:00 pm (Team 1).'),
    ).toBeVisible();
    await expect(await form.findByRole('group', { name: 'Thursday 3 December' })).toBeVisible();
    await waitFor(() => expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth));
  },
};
