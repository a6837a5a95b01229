import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { AdminApp } from '../../sites/web/src/admin/admin-app.tsx';
import { busyDay } from './analytics-fixtures.ts';
import { freshStaffPage, signedIn, staffScreenParameters } from './staff-story-support.tsx';

/**
 * Signed-in staff opening a screen with quote data while the quote dashboard is locked: the
 * password form, checked on the server, which unlocks this session only.
 */
const meta = {
  title: 'Staff/Sign-in/Unlock card',
  component: AdminApp,
  decorators: [freshStaffPage],
  parameters: staffScreenParameters,
  args: { screen: 'analytics' },
} satisfies Meta<typeof AdminApp>;

export default meta;
type Story = StoryObj<typeof meta>;

let unlocked = false;

/** The analytics report: 403 locked until the password was accepted. */
const lockedReport = http.get('/api/analytics/report', () =>
  unlocked
    ? HttpResponse.json(busyDay)
    : HttpResponse.json(
        { error: 'The quote dashboard is locked.', locked: true, requestId: 'story' },
        { status: 403 },
      ),
);

/** POST /api/admin/unlock accepting only `password`, or answering `refusal` to every attempt. */
const unlockAnswer = (refusal?: { status: number; error: string }) =>
  http.post('/api/admin/unlock', async ({ request }) => {
    if (refusal) return HttpResponse.json({ ...refusal, requestId: 'story' }, { status: refusal.status });
    const { password } = (await request.json()) as { password: string };
    if (password !== 'harbour-lights-42') {
      return HttpResponse.json({ error: 'Incorrect password', requestId: 'story' }, { status: 401 });
    }
    unlocked = true;
    return HttpResponse.json({ unlocked: true });
  });

const resetLock = () => {
  unlocked = false;
};

/** The password field, once the screen asked for it. */
const passwordField = async (canvasElement: HTMLElement) => within(canvasElement).findByLabelText('Password');

/** Locked: the screen names what the password opens and that it unlocks this session only. */
export const UnlockForm: Story = {
  parameters: { msw: { handlers: [signedIn, lockedReport, unlockAnswer()] } },
  beforeEach: resetLock,
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByRole('heading', { name: 'Quote dashboard locked' })).toBeVisible();
    await expect(
      page.getByText(
        'Enter the quote dashboard password to see the analytics report. It unlocks this session only.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Website Analytics' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unlock' })).toBeVisible();
  },
};

/** A wrong dashboard password: 'Incorrect password' as an alert, focus back in the field. */
export const WrongDashboardPassword: Story = {
  parameters: { msw: { handlers: [signedIn, lockedReport, unlockAnswer()] } },
  beforeEach: resetLock,
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    const password = await passwordField(canvasElement);
    await userEvent.type(password, 'harbour-lights');
    await userEvent.click(page.getByRole('button', { name: 'Unlock' }));
    await expect(await page.findByRole('alert')).toHaveTextContent('Incorrect password');
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveFocus();
  },
};

/** Too many wrong passwords: the server asks staff to wait, and the failure says so. */
export const TooManyWrongPasswords: Story = {
  parameters: {
    msw: {
      handlers: [
        signedIn,
        lockedReport,
        unlockAnswer({ status: 429, error: 'Too many wrong passwords. Please wait.' }),
      ],
    },
  },
  beforeEach: resetLock,
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await userEvent.type(await passwordField(canvasElement), 'harbour-lights');
    await userEvent.click(page.getByRole('button', { name: 'Unlock' }));
    const toasts = within(document.body);
    await expect(await toasts.findByText('Unlock Failed')).toBeVisible();
    await expect(toasts.getByText('Too many wrong passwords. Please wait.')).toBeVisible();
  },
};

/** The right password: the form goes and the report is read again, now open for this session. */
export const Unlocked: Story = {
  parameters: { msw: { handlers: [signedIn, lockedReport, unlockAnswer()] } },
  beforeEach: resetLock,
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await userEvent.type(await passwordField(canvasElement), 'harbour-lights-42');
    await userEvent.click(page.getByRole('button', { name: 'Unlock' }));
    await expect(await page.findByText('+19.8% against 344 on 04/03/2026')).toBeVisible();
    await expect(page.queryByRole('heading', { name: 'Quote dashboard locked' })).toBeNull();
  },
};
