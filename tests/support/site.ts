import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Opens a page of the site and waits until the app has hydrated it, the page's own content included
 * (it sets `data-hydrated` on <html>), so the app has taken over every control. (A control tapped
 * earlier also acts: decision 0008.)
 */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), `status of ${path}`).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

/** The toast on screen (at most one). */
export function toasts(page: Page): Locator {
  return page.locator('li.toast');
}

/** Asserts the one visible toast has this title and description. */
export async function expectToast(page: Page, title: string, description: string): Promise<void> {
  const toast = toasts(page);
  await expect(toast).toHaveCount(1);
  await expect(toast.locator('.toast__title')).toHaveText(title);
  await expect(toast.locator('.toast__description')).toHaveText(description);
}

/**
 * Answers the third-party reviews widget's frame with a stub page, so tests never wait on a host
 * this machine cannot reach.
 */
export async function stubReviewsWidget(page: Page): Promise<void> {
  await page.route('https://reviews-widget.example/**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><head><title>Reviews</title></head><body><p>Five stars.</p></body></html>',
    }),
  );
}

/** The content of a `<meta name=…>` or `<meta property=…>` tag. */
export function metaContent(page: Page, key: string): Promise<string | null> {
  return page.locator(`meta[name="${key}"], meta[property="${key}"]`).first().getAttribute('content');
}
