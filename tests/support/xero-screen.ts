import { expect, type Locator, type Page } from '@playwright/test';

/** An organisation's item in the /xero screen's Organisations list, found by its heading. */
export function organisationItem(page: Page, organisation: string): Locator {
  return page
    .getByRole('region', { name: 'Organisations' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: organisation, exact: true }) });
}

/**
 * On /xero: 'Connect to Xero' → the popup through the (fake) Xero's consent and back → the
 * organisation listed as Connected, with focus moved to the list's heading.
 */
export async function connectThroughPopup(page: Page, organisation: string): Promise<void> {
  const opened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Connect to Xero' }).click();
  const popup = await opened;
  // The callback page tells this tab and closes itself.
  await popup.waitForEvent('close');
  await expect(organisationItem(page, organisation).getByText('Connected', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Organisations' })).toBeFocused();
}
