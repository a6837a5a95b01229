import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { NotFoundPage } from '../../sites/web/src/public/not-found-page.tsx';
import { SiteFooter } from '../../sites/web/src/public/site-footer.tsx';
import { SiteHeader } from '../../sites/web/src/public/site-header.tsx';
import { freshSitePage } from './site-story-support.tsx';

/**
 * What a visitor sees at an address with no page (a mistyped link, an unknown suburb): the site's
 * frame and a way back home. The server answers such addresses with HTTP 404.
 */
const meta = {
  title: 'Site/Page not found',
  component: NotFoundPage,
  beforeEach: freshSitePage,
  parameters: { layout: 'fullscreen' },
  render: () => (
    <>
      <SiteHeader onHomePage={false} currentPath={undefined} />
      <main id="main" className="site-main" tabIndex={-1}>
        <NotFoundPage />
      </main>
      <SiteFooter onHomePage={false} />
    </>
  ),
} satisfies Meta<typeof NotFoundPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** On a desktop: the page's heading, its line and the way back home. */
export const Desktop: Story = {
  globals: { viewport: { value: 'desktop', isRotated: false } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  },
};

/** On a 360 px phone. */
export const OnAPhone: Story = {
  globals: { viewport: { value: 'phone360', isRotated: false } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
  },
};
