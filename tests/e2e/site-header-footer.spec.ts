import { business, services } from '@cleanquote/content';
import { expect, type Page, test } from '@playwright/test';
import { accessibleExpanded } from '../support/accessibility-tree.ts';
import { gotoHydrated, stubReviewsWidget } from '../support/site.ts';

// Header, banner and footer, on the home page and elsewhere, on desktop and mobile.

const sections = [
  { label: 'Home', id: 'home' },
  { label: 'Services', id: 'services' },
  { label: 'About', id: 'about' },
  { label: 'Contact', id: 'contact' },
] as const;

test.beforeEach(async ({ page }) => {
  await stubReviewsWidget(page);
});

function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

async function expectInViewport(page: Page, id: string) {
  await expect(page.locator(`[id="${id}"]`)).toBeInViewport();
}

test('the banner reads FREE QUOTES • SAME DAY SERVICE AVAILABLE on every page', async ({ page }) => {
  for (const path of ['/', '/team', '/terms', '/south-yarra']) {
    await page.goto(path);
    await expect(page.locator('header .site-banner')).toHaveText('FREE QUOTES • SAME DAY SERVICE AVAILABLE');
  }
});

test.describe('on the home page', () => {
  test('Home, Services, About and Contact scroll to their sections; Team and Book Now are links', async ({
    page,
  }) => {
    await gotoHydrated(page, '/');
    const nav = mainNav(page);
    for (const { label, id } of sections) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', `#${id}`);
    }
    for (const { label, id } of [...sections].reverse()) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/#${id}$`));
      await expectInViewport(page, id);
    }
    await expect(nav.getByRole('link', { name: 'Team', exact: true })).toHaveAttribute('href', '/team');
    await expect(nav.getByRole('link', { name: 'Book Now', exact: true })).toHaveAttribute(
      'href',
      '/service-form',
    );
    await nav.getByRole('link', { name: 'Book Now', exact: true }).click();
    await expect(page).toHaveURL(/\/service-form$/);
    await mainNav(page).getByRole('link', { name: 'Team', exact: true }).click();
    await expect(page).toHaveURL(/\/team$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Meet the Team' })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Team', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});

test.describe('on other pages', () => {
  test('the section items link to the home page sections', async ({ page }) => {
    await gotoHydrated(page, '/terms');
    const nav = mainNav(page);
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('href', '/');
    for (const { label, id } of sections.slice(1)) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', `/#${id}`);
    }
    await nav.getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL(/\/#about$/);
    await expectInViewport(page, 'about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `Professional Cleaning Services in ${business.city}`,
    );
  });
});

test.describe('the mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('toggles, names what it controls, and closes when an item is chosen', async ({ page }) => {
    await gotoHydrated(page, '/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    // Expanded or collapsed as the browser exposes it to assistive technology.
    const expanded = () => accessibleExpanded(toggle);
    expect(await expanded()).toBe(false);
    await expect(toggle).toHaveAttribute('aria-controls', 'site-menu');
    const menu = page.locator('#site-menu');
    await expect(menu).toBeHidden();

    await toggle.click();
    await expect.poll(expanded).toBe(true);
    await expect(menu).toBeVisible();
    for (const name of ['Home', 'Services', 'About', 'Contact', 'Team', 'Book Now']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    // It opens under the Menu button, inside the screen.
    const toggleBox = await toggle.boundingBox();
    const menuBox = await menu.boundingBox();
    if (!toggleBox || !menuBox) throw new Error('the menu or its button has no box');
    expect(menuBox.y).toBeGreaterThanOrEqual(toggleBox.y + toggleBox.height);
    expect(menuBox.x).toBeGreaterThanOrEqual(0);
    expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(390);

    await toggle.click();
    await expect.poll(expanded).toBe(false);
    await expect(menu).toBeHidden();

    await toggle.click();
    await menu.getByRole('link', { name: 'Services', exact: true }).click();
    await expect.poll(expanded).toBe(false);
    await expect(menu).toBeHidden();
    await expectInViewport(page, 'services');

    // Escape closes it too, and gives focus back to the button.
    await toggle.click();
    await menu.getByRole('link', { name: 'Home', exact: true }).focus();
    await page.keyboard.press('Escape');
    await expect.poll(expanded).toBe(false);
    await expect(toggle).toBeFocused();

    // A page link closes it as well.
    await toggle.click();
    await menu.getByRole('link', { name: 'Team', exact: true }).click();
    await expect(page).toHaveURL(/\/team$/);
    await expect.poll(expanded).toBe(false);
    await expect(menu).toBeHidden();
  });

  test('the desktop layout shows the links without a Menu button', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await gotoHydrated(page, '/');
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
    await expect(mainNav(page).getByRole('link', { name: 'Services', exact: true })).toBeVisible();
  });
});

test.describe('the footer', () => {
  test('service buttons scroll to the services section; areas served; team and legal links', async ({
    page,
  }) => {
    await gotoHydrated(page, '/');
    const footer = page.locator('footer');
    const servicesNav = footer.getByRole('navigation', { name: 'Our services' });
    for (const service of services) {
      await expect(servicesNav.getByRole('link', { name: service.title, exact: true })).toHaveAttribute(
        'href',
        '#services',
      );
    }
    await servicesNav.getByRole('link', { name: 'Window Cleaning', exact: true }).click();
    await expectInViewport(page, 'services');
    await expect(footer).toContainText(
      'Melbourne CBD, South Yarra, Fitzroy, Richmond, Carlton, and surrounding areas',
    );
    const company = footer.getByRole('navigation', { name: 'Company' });
    await expect(company.getByRole('link', { name: 'Our Team' })).toHaveAttribute('href', '/team');
    await expect(company.getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute('href', '/terms');
    await expect(company.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await company.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  });

  test('elsewhere the service buttons lead to the home page services section', async ({ page }) => {
    await gotoHydrated(page, '/team');
    const servicesNav = page.locator('footer').getByRole('navigation', { name: 'Our services' });
    await expect(servicesNav.getByRole('link')).toHaveCount(8);
    await servicesNav.getByRole('link', { name: 'Oven Clean', exact: true }).click();
    await expect(page).toHaveURL(/\/#services$/);
    await expectInViewport(page, 'services');
  });
});
