import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AdminApp } from '../../sites/web/src/admin/admin-app.tsx';
import { ServerRenderedPage } from '../site/server-rendered-page.tsx';
import signInPages from './sign-in-pages.ts?server-rendered';
import { freshStaffPage, signedOut, staffScreenParameters } from './staff-story-support.tsx';

/**
 * What staff see before they are signed in: an admin page's 'Access Required' card, then the
 * server's sign-in page (no script), including what it says to a refused attempt.
 */
const meta = {
  title: 'Staff/Sign-in',
  component: AdminApp,
  decorators: [freshStaffPage],
  parameters: staffScreenParameters,
} satisfies Meta<typeof AdminApp>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Signed out: the dashboard asks for a sign-in before showing anything. */
export const SignedOut: Story = {
  args: { screen: 'dashboard' },
  parameters: { msw: { handlers: [signedOut] } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByRole('heading', { name: 'Access Required' })).toBeVisible();
    await expect(page.getByText('This area is for staff only. Please log in to continue.')).toBeVisible();
    // Back to this very address after signing in (its query too: a link to one quote keeps it).
    await expect(page.getByRole('link', { name: 'Log In' })).toHaveAttribute(
      'href',
      `/api/login?next=${encodeURIComponent(`/dashboard${window.location.search}`)}`,
    );
  },
};

/** The server's sign-in page as it is rendered for `name`. */
const signInPage = (name: string) => () => <ServerRenderedPage html={signInPages[name] ?? ''} />;

/** The sign-in page (GET /api/login): email address and password, nothing else. */
export const SignInPage: Story = {
  args: { screen: 'dashboard' },
  render: signInPage('signIn'),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email address' })).toHaveValue('');
    await expect(page.getByLabelText('Password')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.queryByRole('alert')).toBeNull();
  },
};

/** A wrong password: the page says so without saying which of the two was wrong, and keeps the email. */
export const WrongPassword: Story = {
  args: { screen: 'dashboard' },
  render: signInPage('wrongPassword'),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('alert')).toHaveTextContent('Incorrect email or password.');
    const email = page.getByRole('textbox', { name: 'Email address' });
    await expect(email).toHaveValue('kate@sparkleclean.example');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Incorrect email or password.');
  },
};

/** Too many failed attempts from this address: the page asks staff to wait before trying again. */
export const TooManyAttempts: Story = {
  args: { screen: 'dashboard' },
  render: signInPage('tooManyAttempts'),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('alert')).toHaveTextContent(
      'Too many failed sign-in attempts. Please wait and try again later.',
    );
  },
};
