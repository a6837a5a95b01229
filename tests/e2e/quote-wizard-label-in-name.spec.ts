/**
 * WCAG 2.2 SC 2.5.3 Label in Name: every control of the wizard — option cards, toggles,
 * counters, text fields, buttons and links — has an accessible name that contains all the text it
 * shows, so a voice-control user can say what they see ("click Today/Tomorrow") and a screen-reader
 * user hears it. Walks every step of every flow in the browser (real layout, real accessible names).
 */
import { expect, type Page, test } from '@playwright/test';

const wizard = (page: Page) => page.locator('.cq-wizard');
const stepHeading = (page: Page) => wizard(page).locator('[data-cq-step]').getByRole('heading').first();

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Checks every control on the current step. Visible text is the text on screen (visually hidden
 * text left out, text hidden from assistive technology kept); words made only of symbols ('+', '−',
 * the required '*') are not text labels (Understanding 2.5.3, symbolic text) — such a control only
 * needs a name.
 */
async function expectLabelsInNames(page: Page): Promise<number> {
  const controls = wizard(page).locator(
    'input:not([type="hidden"]), textarea, select, a[href], button:not([aria-hidden="true"]), [role="group"]',
  );
  const count = await controls.count();
  for (let index = 0; index < count; index += 1) {
    const control = controls.nth(index);
    const shown = await control.evaluate((element) => {
      const visibleText = (root: Element) => {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        let text = '';
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement;
          if (!parent) continue;
          const box = parent.getBoundingClientRect();
          const style = getComputedStyle(parent);
          if (box.width <= 1 || box.height <= 1 || style.visibility === 'hidden') continue;
          text += node.textContent ?? '';
        }
        return text;
      };
      if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
        return Array.from(element.labels ?? [], visibleText).join(' ');
      }
      if (element.getAttribute('role') === 'group') {
        const labelledBy = element.getAttribute('aria-labelledby');
        const label = labelledBy ? document.getElementById(labelledBy) : null;
        return label ? visibleText(label) : '';
      }
      return visibleText(element);
    });
    const words = shown.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
    const describe = `${await control.evaluate((element) => element.outerHTML.slice(0, 120))} shows "${shown.trim()}"`;
    // Between the words, the name may hold the same symbols ('Window tracks & sills').
    const name =
      words.length > 0
        ? new RegExp(words.map(escapeRegExp).join('\\s+(?:[^\\p{L}\\p{N}\\s]+\\s+)*'), 'iu')
        : /[\p{L}\p{N}]/u;
    await expect(control, describe).toHaveAccessibleName(name);
  }
  return count;
}

async function next(page: Page, heading: string): Promise<void> {
  await wizard(page).getByRole('button', { name: 'Next', exact: true }).click();
  await expect(stepHeading(page)).toHaveText(heading);
}

test.beforeEach(async ({ page }) => {
  await page.goto('/service-form');
  await page.locator('.cq-wizard[data-cq-ready="true"]').waitFor();
});

test('service cards, property size, carpets, timing, contact, terms and final details', async ({ page }) => {
  test.setTimeout(60_000);
  expect(await expectLabelsInNames(page)).toBeGreaterThan(7);
  // The service notes are part of the cards' names.
  await expect(wizard(page).getByRole('radio', { name: /Bond-back guarantee/ })).toHaveAccessibleName(
    'End of Lease Cleaning Bond-back guarantee',
  );
  await expect(wizard(page).getByRole('radio', { name: /Steam cleaning/ })).toHaveAccessibleName(
    'Carpet Cleaning Steam cleaning',
  );

  await wizard(page)
    .getByRole('radio', { name: /Bond-back guarantee/ })
    .check();
  await next(page, 'Tell us about your property');
  await wizard(page)
    .getByRole('group', { name: /^Bedrooms/ })
    .getByRole('radio', { name: '2' })
    .check();
  await wizard(page)
    .getByRole('group', { name: /^Bathrooms/ })
    .getByRole('radio', { name: '1' })
    .check();
  await expect(wizard(page).getByRole('radio', { name: 'Apartment/Unit', exact: true })).toBeVisible();
  await expectLabelsInNames(page);

  await next(page, 'Do you need carpet steam cleaning?');
  await expectLabelsInNames(page);
  await wizard(page).getByRole('radio', { name: 'Yes, add carpet steam cleaning' }).check();
  await next(page, 'Which carpeted areas need cleaning?');
  await wizard(page).getByRole('button', { name: 'Add one lounge' }).click();
  await expect(wizard(page).getByRole('group', { name: 'Lounges (up to 3)' })).toBeVisible();
  await expectLabelsInNames(page);

  await next(page, 'When do you need the clean?');
  await expectLabelsInNames(page);
  // The timing cards' wording, as written, in the names: "click Today/Tomorrow" finds the card.
  for (const [phrase, name] of [
    ['Today/Tomorrow', 'Urgent Today/Tomorrow'],
    ['within 7 days', 'This week within 7 days'],
    ['within 2 weeks', 'Next week within 2 weeks'],
    ['just getting quotes', 'Just browsing just getting quotes'],
  ] as const) {
    await expect(
      wizard(page).getByRole('radio', { name: new RegExp(escapeRegExp(phrase)) }),
    ).toHaveAccessibleName(name);
  }
  await wizard(page).getByRole('radio', { name: 'Today/Tomorrow' }).check();

  await next(page, 'Your contact details');
  await expectLabelsInNames(page);
  await wizard(page).getByRole('textbox', { name: 'Full Name' }).fill('Label Tester');
  await wizard(page).getByRole('textbox', { name: 'Phone Number' }).fill('0491 570 112');
  await wizard(page).getByRole('textbox', { name: 'Email Address' }).fill('label@example.com');
  await wizard(page).getByRole('textbox', { name: 'Property Address' }).fill('1 Label St, Carlton, VIC');

  await next(page, 'Terms and privacy');
  await expectLabelsInNames(page);
  await wizard(page).getByRole('checkbox').check();
  await next(page, 'Anything else we should know?');
  expect(await expectLabelsInNames(page)).toBeGreaterThan(6);
});

test('oven, window and NDIS details', async ({ page }) => {
  test.setTimeout(60_000);
  await wizard(page)
    .getByRole('radio', { name: /^Oven Cleaning/ })
    .check();
  await next(page, 'Tell us about your oven');
  await wizard(page).getByRole('checkbox', { name: 'Oven racks' }).check();
  expect(await expectLabelsInNames(page)).toBeGreaterThan(10);

  await wizard(page).getByRole('button', { name: 'Back', exact: true }).click();
  await wizard(page)
    .getByRole('radio', { name: /^Window Cleaning/ })
    .check();
  await next(page, 'Tell us about your windows');
  await wizard(page).getByRole('checkbox', { name: 'Security screens' }).check();
  expect(await expectLabelsInNames(page)).toBeGreaterThan(10);

  await wizard(page).getByRole('button', { name: 'Back', exact: true }).click();
  await wizard(page)
    .getByRole('radio', { name: /^NDIS & Aged Care Cleaning/ })
    .check();
  await next(page, 'NDIS and aged care details');
  await wizard(page)
    .getByRole('radio', { name: /^Case manager/ })
    .check();
  await expect(wizard(page).getByRole('textbox', { name: 'Case Manager Name' })).toBeVisible();
  expect(await expectLabelsInNames(page)).toBeGreaterThan(5);
});
