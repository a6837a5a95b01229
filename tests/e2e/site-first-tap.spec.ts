import { customerService, faq, galleryItems, team } from '@cleanquote/content';
import { expect, type Page, type Route, test } from '@playwright/test';
import { stubReviewsWidget } from '../support/site.ts';
import { emulateSlowPhone } from '../support/slow-phone.ts';

// No dead clicks. On a phone throttled like Lighthouse's mobile run (4x CPU, slow
// 4G), each kind of control is used the moment `page.goto` resolves — the page is on screen, its
// app not yet hydrated — and must act on that first activation.

const [founder, salesManager] = team;
const [firstQuestion, , thirdQuestion] = faq;
const [firstGalleryItem, secondGalleryItem, thirdGalleryItem] = galleryItems;
if (
  !founder ||
  !salesManager ||
  !firstQuestion ||
  !thirdQuestion ||
  !firstGalleryItem ||
  !secondGalleryItem ||
  !thirdGalleryItem
) {
  throw new Error('the content lacks the team, FAQ or gallery entries these tests use');
}

/** Opens `path` on the throttled phone and returns once the browser's load event has fired. */
async function openOnSlowPhone(page: Page, path: string): Promise<void> {
  await stubReviewsWidget(page);
  await emulateSlowPhone(page);
  const response = await page.goto(path);
  expect(response?.status(), `status of ${path}`).toBe(200);
  // Recorded, not asserted: whether this run's tap came before the app had taken over the page.
  const hydrated = await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'));
  test.info().annotations.push({ type: 'hydrated when tapped', description: String(hydrated) });
}

/** Answers newsletter sign-ups like the API does, and records the bodies. */
async function answerNewsletter(page: Page): Promise<unknown[]> {
  const bodies: unknown[] = [];
  await page.route('**/api/newsletter', (route) => {
    bodies.push(route.request().postDataJSON());
    return route.fulfill({ status: 202, contentType: 'application/json', body: '{"ok":true}' });
  });
  return bodies;
}

function contactDialog(page: Page, name: string) {
  return page.getByRole('dialog', { name: `Email ${name}` });
}

test.describe('right after the page shows on a slow phone', () => {
  test('a team card Email button opens the contact dialog for that person', async ({ page }) => {
    await openOnSlowPhone(page, '/');
    await page.getByRole('button', { name: `Email ${salesManager.name}` }).click();
    const dialog = contactDialog(page, salesManager.name);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(salesManager.email);
  });

  test('on /team, the Email button opens the dialog for that person', async ({ page }) => {
    await openOnSlowPhone(page, '/team');
    await page.getByRole('button', { name: `Email ${founder.name}` }).click();
    await expect(contactDialog(page, founder.name)).toBeVisible();
  });

  test('Email Us opens the dialog to customer service', async ({ page }) => {
    await openOnSlowPhone(page, '/south-yarra');
    await page.getByRole('button', { name: 'Email Us' }).click();
    const dialog = contactDialog(page, customerService.name);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(customerService.email);
  });

  test('a footer service button scrolls to the services section', async ({ page }) => {
    await openOnSlowPhone(page, '/');
    await page
      .getByRole('navigation', { name: 'Our services' })
      .getByRole('link', { name: 'Window Cleaning', exact: true })
      .click();
    await expect(page).toHaveURL(/\/#services$/);
    await expect(page.locator('#services')).toBeInViewport();
  });

  test('elsewhere, a footer service button leads to the home page services section', async ({ page }) => {
    await openOnSlowPhone(page, '/team');
    await page
      .getByRole('navigation', { name: 'Our services' })
      .getByRole('link', { name: 'Oven Clean', exact: true })
      .click();
    await expect(page).toHaveURL(/\/#services$/);
    await expect(page.locator('#services')).toBeInViewport();
  });

  test('an FAQ question shows its answer, and a second one takes its place', async ({ page }) => {
    await openOnSlowPhone(page, '/');
    const section = page.locator('#faq');
    await section.getByText(thirdQuestion.question, { exact: true }).click();
    await expect(section.getByText(thirdQuestion.answer)).toBeVisible();
    await section.getByText(firstQuestion.question, { exact: true }).click();
    await expect(section.getByText(firstQuestion.answer)).toBeVisible();
    await expect(section.getByText(thirdQuestion.answer)).toBeHidden();
  });

  test('the newsletter subscribes the address typed', async ({ page }) => {
    const bodies = await answerNewsletter(page);
    await openOnSlowPhone(page, '/');
    const section = page.locator('#newsletter');
    await section.getByLabel('Email address').fill('early.bird@example.com');
    await section.getByRole('button', { name: 'Subscribe' }).click();
    await expect(section.getByText('Thank you for subscribing!')).toBeVisible();
    expect(bodies).toEqual([{ email: 'early.bird@example.com' }]);
  });

  test('the before/after slider moves to where it was pressed', async ({ page }) => {
    await openOnSlowPhone(page, '/');
    const item = page.locator('.gallery__item', { hasText: firstGalleryItem.title });
    const comparison = item.locator('.comparison');
    const box = await comparison.boundingBox();
    if (!box) throw new Error('the comparison has no box');
    await comparison.click({ position: { x: box.width * 0.25, y: box.height / 2 } });
    await expect(item.getByRole('slider')).toHaveAttribute('aria-valuenow', '25');
    await expect(item.getByRole('img', { name: /^Before:/ })).toHaveAttribute('style', /inset\(0(px)? 75% /);
  });

  test('Stay on this page keeps the thank-you page', async ({ page }) => {
    await openOnSlowPhone(page, '/thank-you');
    await page.getByRole('button', { name: 'Stay on this page' }).click();
    await expect(page.getByText('You can stay on this page as long as you like.')).toBeVisible();
  });
});

test.describe('right after the page shows on a slow phone, at phone size', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the Menu button opens the menu', async ({ page }) => {
    await openOnSlowPhone(page, '/');
    await page.getByRole('button', { name: 'Menu' }).tap();
    const menu = page.locator('#site-menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Services', exact: true })).toBeVisible();
  });

  test('a team card Email button opens the dialog for that person', async ({ page }) => {
    await openOnSlowPhone(page, '/');
    await page.getByRole('button', { name: `Email ${founder.name}` }).tap();
    await expect(contactDialog(page, founder.name)).toBeVisible();
  });
});

/**
 * Holds back the app's hydration script until `release()`, so a tap is sure to come before the
 * app took over the page (the test above depends on the phone being slow enough). Fails the test if
 * the script was never requested, so a renamed chunk cannot make the hold a silent no-op.
 */
async function holdAppScript(page: Page): Promise<{ release(): Promise<void> }> {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/hydrate-[^/]*\.js$/, (route) => {
    if (released) return route.continue();
    held.push(route);
  });
  return {
    async release() {
      released = true;
      await expect.poll(() => held.length, { message: 'the app script was requested' }).toBeGreaterThan(0);
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

test.describe('tapped before the app script has even arrived', () => {
  test('Email, the newsletter and the sliders act once it has', async ({ page }) => {
    await stubReviewsWidget(page);
    const bodies = await answerNewsletter(page);
    const script = await holdAppScript(page);
    await page.goto('/');
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');

    const newsletter = page.locator('#newsletter');
    await newsletter.getByLabel('Email address').fill('held@example.com');
    await newsletter.getByRole('button', { name: 'Subscribe' }).click();
    const item = page.locator('.gallery__item', { hasText: firstGalleryItem.title });
    const comparison = item.locator('.comparison');
    const box = await comparison.boundingBox();
    if (!box) throw new Error('the comparison has no box');
    await comparison.click({ position: { x: box.width * 0.75, y: box.height / 2 } });
    // A drag on another slider, and the arrow keys on a third.
    const dragged = page.locator('.gallery__item', { hasText: secondGalleryItem.title });
    await dragged.scrollIntoViewIfNeeded();
    const dragBox = await dragged.locator('.comparison').boundingBox();
    if (!dragBox) throw new Error('the comparison has no box');
    const y = dragBox.y + dragBox.height / 2;
    await page.mouse.move(dragBox.x + dragBox.width * 0.5, y);
    await page.mouse.down();
    await page.mouse.move(dragBox.x + dragBox.width * 0.2, y, { steps: 4 });
    await page.mouse.up();
    const keyed = page.locator('.gallery__item', { hasText: thirdGalleryItem.title }).getByRole('slider');
    await keyed.focus();
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('button', { name: `Email ${founder.name}` }).click();
    // What was typed is kept, and nothing was sent as a plain form (the page did not reload).
    await expect(newsletter.getByLabel('Email address')).toHaveValue('held@example.com');
    await expect(page).toHaveURL(/\/$/);

    await script.release();
    await expect(contactDialog(page, founder.name)).toBeVisible();
    await expect(newsletter.getByText('Thank you for subscribing!')).toBeVisible();
    expect(bodies).toEqual([{ email: 'held@example.com' }]);
    // The open dialog hides the page from the accessibility tree, so the slider is found by its class.
    await expect(item.locator('.comparison__handle')).toHaveAttribute('aria-valuenow', '75');
    await expect(dragged.locator('.comparison__handle')).toHaveAttribute('aria-valuenow', '20');
    await expect(
      page.locator('.gallery__item', { hasText: thirdGalleryItem.title }).locator('.comparison__handle'),
    ).toHaveAttribute('aria-valuenow', '45');
  });

  test('the FAQ, the footer and the menu need no script at all', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await stubReviewsWidget(page);
    const script = await holdAppScript(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.locator('#site-menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('#site-menu')).toBeHidden();
    const section = page.locator('#faq');
    await section.getByText(firstQuestion.question, { exact: true }).click();
    await expect(section.getByText(firstQuestion.answer)).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Our services' })
      .getByRole('link', { name: 'Deep Cleaning', exact: true })
      .click();
    await expect(page).toHaveURL(/\/#services$/);
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
    await script.release();
  });
});
