/**
 * The schedule's working time and teams as staff change them on /schedule: signed in, the quote
 * dashboard still locked (the settings hold no customer data; the week's visits do), against the
 * app's own server process and database.
 */
import type { ScheduleSettings } from '@cleanquote/quote-core/staff';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { type ServerWithSmtp, startServerWithSmtp } from '../support/server-with-smtp.ts';
import { signInThroughLogIn } from '../support/staff-sign-in.ts';

let app: ServerWithSmtp;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  app = await startServerWithSmtp({
    env: { QUOTE_DASHBOARD_PASSWORD: 'schedule settings dashboard password' },
  });
});

test.afterAll(async () => {
  await app?.close();
});

/** The settings as the API holds them (the page's session cookie). */
async function settingsOf(page: Page): Promise<ScheduleSettings> {
  const response = await page.request.get(`${app.url}/api/schedule/settings`);
  expect(response.status()).toBe(200);
  return response.json();
}

/** The horizontal overflow of the page: 0 when nothing scrolls sideways. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('staff change Saturday’s hours and add a closed date, see them after a reload and in the history', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInThroughLogIn(page, app.url, '/schedule');
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
  // The week's visits name customers: they wait for the quote dashboard's password; the settings don't.
  await expect(page.getByRole('heading', { name: 'Quote dashboard locked' })).toBeVisible();
  const settings = page.getByRole('region', { name: 'Working time and teams' });
  await expect(settings.getByRole('button', { name: 'Save settings' })).toBeVisible();
  await expect(settings.getByLabel('End on Saturday')).toHaveValue('14:00');
  await expect(settings.getByLabel('Open on Sunday')).not.toBeChecked();
  await expect(page.getByText('No setting has been changed yet', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);

  await settings.getByLabel('Start on Saturday').fill('09:00');
  await settings.getByLabel('End on Saturday').fill('12:00');
  // A date is added from the keyboard: Enter adds it (and does not save the form), focus stays to add another.
  const newDate = settings.getByLabel('New closed date');
  await newDate.fill('2026-12-25');
  await newDate.press('Enter');
  await expect(settings.getByRole('button', { name: 'Remove Friday 25 December 2026' })).toBeVisible();
  await expect(newDate).toBeFocused();
  await expect(newDate).toHaveValue('');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.locator('li.toast')).toContainText('Settings Saved');
  await expect(page.locator('li.toast')).toContainText('2 settings changed.');

  const saved = await settingsOf(page);
  expect(saved.hours['6']).toEqual({ start: '09:00', end: '12:00' });
  expect(saved.closedDates).toEqual(['2026-12-25']);

  await page.reload();
  await expect(settings.getByLabel('Start on Saturday')).toHaveValue('09:00');
  await expect(settings.getByLabel('End on Saturday')).toHaveValue('12:00');
  await expect(settings.getByRole('button', { name: 'Remove Friday 25 December 2026' })).toBeVisible();

  const changes = page.getByRole('region', { name: 'Changes to the working time and teams' });
  await expect(changes.getByRole('listitem')).toHaveCount(2);
  await expect(changes.getByRole('listitem').filter({ hasText: 'Saturday hours' })).toContainText(
    /^Saturday hours: 08:00–14:00 → 09:00–12:00 by Sarah on \d{2}\/\d{2}\/\d{4} at \d{1,2}:\d{2} [AP]M$/,
  );
  await expect(changes.getByRole('listitem').filter({ hasText: 'Closed dates' })).toContainText(
    'Closed dates: added 25/12/2026 by Sarah',
  );
  await expectNoAxeViolations(page);

  // On a 360 px phone every day, number and team stacks, with no sideways scrolling.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(settings.getByLabel('Start on Monday')).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
});

test('a bad value is refused at its field, and a team is added and made inactive from the keyboard', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInThroughLogIn(page, app.url, '/schedule');
  const settings = page.getByRole('region', { name: 'Working time and teams' });
  const arrivalWindow = settings.getByLabel('Arrival window (minutes)');
  await arrivalWindow.fill('2000');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(
    settings.getByText('Arrival window: use whole minutes from 15 to 1,440 (a day at most)'),
  ).toBeVisible();
  await expect(arrivalWindow).toBeFocused();
  await expect(arrivalWindow).toHaveAttribute('aria-invalid', 'true');
  await arrivalWindow.fill('90');

  // 'Add team' focuses the new team's name; Tab reaches its Active box, Space switches it off.
  await settings.getByRole('button', { name: 'Add team' }).focus();
  await page.keyboard.press('Enter');
  const name = settings.getByLabel('Name of team 3');
  await expect(name).toBeFocused();
  await page.keyboard.type('Team 3');
  await page.keyboard.press('Tab');
  await expect(settings.getByLabel('Active (team 3)')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(settings.getByLabel('Active (team 3)')).not.toBeChecked();
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.locator('li.toast')).toContainText('Settings Saved');

  const saved = await settingsOf(page);
  expect(saved.windowMinutes).toBe(90);
  expect(saved.teams.map(({ name, active }) => ({ name, active }))).toEqual([
    { name: 'Team 1', active: true },
    { name: 'Team 2', active: true },
    { name: 'Team 3', active: false },
  ]);
  await expectNoAxeViolations(page);
});
