import { business, services } from '@cleanquote/content';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { SiteFooter } from '../../sites/web/src/public/site-footer.tsx';

/**
 * The footer on every public page: how to reach the business, its services, the areas it serves,
 * the company links and its ABN. Visitors look here for a phone number and the legal pages.
 */
const meta = {
  title: 'Site/Footer',
  component: SiteFooter,
  args: { onHomePage: true },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SiteFooter>;

export default meta;
type Story = StoryObj<typeof meta>;

/** On the home page: the service links scroll to its services section. */
export const OnTheHomePage: Story = {
  play: async ({ canvasElement }) => {
    const footer = within(canvasElement);
    await expect(footer.getByRole('link', { name: `Call ${business.phone}` })).toBeVisible();
    await expect(footer.getByRole('link', { name: business.email })).toBeVisible();
    const servicesNav = within(footer.getByRole('navigation', { name: 'Our services' }));
    for (const service of services) {
      await expect(servicesNav.getByRole('link', { name: service.title })).toHaveAttribute(
        'href',
        '#services',
      );
    }
    await expect(
      footer.getByText(`${business.areasServed.join(', ')}, and surrounding areas.`),
    ).toBeVisible();
    await expect(footer.getByText(`© ${business.name} · ABN ${business.abn}`)).toBeVisible();
  },
};

/** Elsewhere: the service links lead back to the home page's services, and the company links show. */
export const OnAnotherPage: Story = {
  args: { onHomePage: false },
  play: async ({ canvasElement }) => {
    const footer = within(canvasElement);
    const [firstService] = services;
    if (!firstService) throw new Error('the content has no services');
    await expect(footer.getByRole('link', { name: firstService.title })).toHaveAttribute(
      'href',
      '/#services',
    );
    const company = within(footer.getByRole('navigation', { name: 'Company' }));
    for (const name of ['Our Team', 'Terms & Conditions', 'Privacy Policy']) {
      await expect(company.getByRole('link', { name })).toBeVisible();
    }
  },
};

/** On a 360 px phone the columns stack and everything stays readable. */
export const OnAPhone: Story = {
  globals: { viewport: { value: 'phone360', isRotated: false } },
  play: async ({ canvasElement }) => {
    const footer = within(canvasElement);
    await expect(footer.getByRole('heading', { name: 'Areas Served' })).toBeVisible();
    await expect(footer.getByRole('link', { name: `Call ${business.phone}` })).toBeVisible();
  },
};
