import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AdminApp } from '../../sites/web/src/admin/admin-app.tsx';
import { freshStaffPage, signedOut } from './staff-story-support.tsx';

/** What staff see when they open an admin page without being signed in. */
const meta = {
  title: 'Staff/Sign-in',
  component: AdminApp,
  decorators: [freshStaffPage],
  parameters: { layout: 'fullscreen' },
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
  },
};
