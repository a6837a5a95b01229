import { business } from '@cleanquote/content';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { SiteHeader } from '../../sites/web/src/public/site-header.tsx';
import { MOBILE_MENU_ID } from '../../sites/web/src/state/site-state.ts';
import { freshSitePage } from './site-story-support.tsx';

/**
 * The header on every public page: the banner, the business's name and the main navigation. On a
 * desktop the links sit in the header; on a phone a Menu button opens them as a popover (the
 * browser's own, so it answers the first tap before the app has hydrated).
 */
const meta = {
  title: 'Site/Header',
  component: SiteHeader,
  args: { onHomePage: true, currentPath: '/' },
  beforeEach: freshSitePage,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SiteHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

const phone = { viewport: { value: 'phone360', isRotated: false } };

function menuList(canvasElement: HTMLElement): HTMLElement {
  const list = canvasElement.querySelector<HTMLElement>(`#${MOBILE_MENU_ID}`);
  if (!list) throw new Error('the header has no menu list');
  return list;
}

/** On a desktop: every link in the header, 'Book Now' standing out. */
export const Desktop: Story = {
  globals: { viewport: { value: 'desktop', isRotated: false } },
  play: async ({ canvasElement }) => {
    const header = within(canvasElement);
    await expect(header.getByText(business.bannerText)).toBeVisible();
    const nav = header.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Services', 'About', 'Contact', 'Team', 'Book Now']) {
      await expect(within(nav).getByRole('link', { name })).toBeVisible();
    }
    await expect(header.queryByRole('button', { name: 'Menu' })).toBeNull();
  },
};

/** Away from the home page the section links lead back to it, and the team page is marked current. */
export const OnTheTeamPage: Story = {
  args: { onHomePage: false, currentPath: '/team' },
  globals: { viewport: { value: 'desktop', isRotated: false } },
  play: async ({ canvasElement }) => {
    const nav = within(within(canvasElement).getByRole('navigation', { name: 'Main' }));
    await expect(nav.getByRole('link', { name: 'Services' })).toHaveAttribute('href', '/#services');
    await expect(nav.getByRole('link', { name: 'Team' })).toHaveAttribute('aria-current', 'page');
  },
};

/** On a 360 px phone: only the name and the Menu button; the links wait behind it. */
export const PhoneMenuClosed: Story = {
  globals: phone,
  play: async ({ canvasElement }) => {
    const header = within(canvasElement);
    await expect(header.getByRole('link', { name: business.name })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Menu' })).toBeVisible();
    await expect(header.queryByRole('link', { name: 'Book Now' })).toBeNull();
  },
};

/** The Menu button tapped on a 360 px phone: the links open below the header. */
export const PhoneMenuOpen: Story = {
  globals: phone,
  play: async ({ canvasElement }) => {
    const header = within(canvasElement);
    await userEvent.click(header.getByRole('button', { name: 'Menu' }));
    await waitFor(() => expect(menuList(canvasElement).matches(':popover-open')).toBe(true));
    for (const name of ['Home', 'Services', 'About', 'Contact', 'Team', 'Book Now']) {
      await expect(header.getByRole('link', { name })).toBeVisible();
    }
  },
};

/** Menu tapped again: the links fold away behind it. */
export const PhoneMenuClosedAgain: Story = {
  globals: phone,
  play: async ({ canvasElement }) => {
    const header = within(canvasElement);
    const menu = header.getByRole('button', { name: 'Menu' });
    await userEvent.click(menu);
    await waitFor(() => expect(menuList(canvasElement).matches(':popover-open')).toBe(true));
    await userEvent.click(menu);
    await waitFor(() => expect(menuList(canvasElement).matches(':popover-open')).toBe(false));
    await expect(header.queryByRole('link', { name: 'Book Now' })).toBeNull();
  },
};
