/**
 * The element and the partner's page leave each other alone. Host styles change
 * nothing inside and the element's styles nothing outside (computed styles compared with and without);
 * focus stays on the host until the visitor acts; axe finds nothing inside the shadow roots; a quote
 * can be sent with the keyboard alone; the code loads near the viewport; attribute changes and
 * removal behave; the `<style nonce>` fallback works under the page's CSP.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import {
  answerEndOfLease,
  type EmbedServers,
  focusPath,
  next,
  startEmbedServers,
} from '../support/partner-embed.ts';

test.describe.configure({ mode: 'default' });

let servers: EmbedServers;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  servers = await startEmbedServers();
});
test.afterAll(async () => {
  await servers?.close();
});

/** Waits until both elements of two-wizards.html show their wizard. */
async function bothWizardsShown(page: Page): Promise<void> {
  for (const id of ['end-of-lease-quote', 'oven-quote']) {
    await expect(page.locator(`#${id}`).getByRole('button', { name: 'Next', exact: true })).toBeVisible();
  }
}

const STYLE_PROPERTIES = [
  'font-size',
  'font-family',
  'font-weight',
  'line-height',
  'letter-spacing',
  'color',
  'background-color',
  'display',
  'padding-top',
  'padding-left',
  'margin-top',
  'border-top-width',
  'border-top-style',
  'border-top-left-radius',
  'text-transform',
  'visibility',
  'width',
] as const;

/** Computed styles of the parts of each wizard, read inside its shadow root. */
function stylesInside(page: Page) {
  return page.evaluate((properties) => {
    const parts = {
      card: '.cq-wizard',
      title: '.cq-wizard__title',
      stepTitle: '.cq-step__title',
      choice: '.cq-choice',
      choiceLabel: '.cq-choice__label',
      next: '.cq-button--primary',
      back: '.cq-button--secondary',
      progress: '.cq-progress__text',
    };
    const styles: Record<string, Record<string, string>> = {};
    for (const host of document.querySelectorAll('cleanquote-wizard')) {
      for (const [part, selector] of Object.entries(parts)) {
        const element = host.shadowRoot?.querySelector(selector);
        if (!element) throw new Error(`${selector} missing in #${host.id}`);
        const computed = getComputedStyle(element);
        styles[`${host.id} ${part}`] = Object.fromEntries(
          properties.map((property) => [property, computed.getPropertyValue(property)]),
        );
      }
    }
    return styles;
  }, STYLE_PROPERTIES);
}

/** Computed styles of the host page's own elements. */
function stylesOutside(page: Page) {
  return page.evaluate((properties) => {
    const styles: Record<string, Record<string, string>> = {};
    for (const selector of [
      'html',
      'body',
      'h1',
      'main',
      '#host-note',
      '#host-button',
      '#host-input',
      'label',
    ]) {
      const element = document.querySelector(selector);
      if (!element) throw new Error(`${selector} missing`);
      const computed = getComputedStyle(element);
      styles[selector] = Object.fromEntries(
        properties.map((property) => [property, computed.getPropertyValue(property)]),
      );
    }
    return styles;
  }, STYLE_PROPERTIES);
}

test('host styles change nothing inside the element', async ({ page }) => {
  await page.goto(`${servers.partner.url}/two-wizards.html?hostile=off`);
  await bothWizardsShown(page);
  const plain = await stylesInside(page);
  const plainNote = await page
    .locator('#host-note')
    .evaluate((element) => getComputedStyle(element).fontSize);

  await page.goto(`${servers.partner.url}/two-wizards.html`);
  await bothWizardsShown(page);
  // The hostile styles are in force on the host page…
  const hostileNote = await page
    .locator('#host-note')
    .evaluate((element) => getComputedStyle(element).fontSize);
  expect(hostileNote).toBe('40px');
  expect(plainNote).not.toBe('40px');
  await expect(page.locator('#host-button')).toBeHidden();
  // …and inside, every part is computed exactly as on a plain page: 16 px text, the wizard's own
  // colours, its buttons shown.
  const hostile = await stylesInside(page);
  expect(hostile).toEqual(plain);
  expect(hostile['oven-quote card']?.['font-size']).toBe('16px');
  expect(hostile['oven-quote card']?.['border-top-left-radius']).toBe('12px');
  expect(hostile['end-of-lease-quote next']?.display).not.toBe('none');
  expect(hostile['end-of-lease-quote card']?.['background-color']).toBe('rgb(255, 255, 255)');
  expect(hostile['oven-quote card']?.['background-color']).toBe('rgb(17, 26, 36)');
});

test('the element changes nothing outside it and adds nothing to the page', async ({ page }) => {
  for (const hostile of ['off', 'on']) {
    await page.goto(`${servers.partner.url}/two-wizards.html?hostile=${hostile}&embed=off`);
    const without = await stylesOutside(page);
    await page.goto(`${servers.partner.url}/two-wizards.html?hostile=${hostile}`);
    await bothWizardsShown(page);
    expect(await stylesOutside(page), `hostile ${hostile}`).toEqual(without);
  }
  // No script, link or style was added to the document: only the page's own.
  const added = await page.evaluate(() => ({
    scripts: document.querySelectorAll('script').length,
    links: document.querySelectorAll('link').length,
    styles: document.querySelectorAll('style').length,
    headChildren: [...document.head.children].map((element) => element.tagName),
  }));
  expect(added).toEqual({
    scripts: 3,
    links: 0,
    styles: 2,
    headChildren: ['META', 'META', 'TITLE', 'STYLE', 'STYLE'],
  });
});

test("the partner's theme crosses in through --cq-* properties and ::part(), nothing else", async ({
  page,
}) => {
  await page.goto(`${servers.partner.url}/two-wizards.html`);
  await bothWizardsShown(page);
  const nextStyle = (id: string) =>
    page
      .locator(`#${id}`)
      .getByRole('button', { name: 'Next', exact: true })
      .evaluate((button) => {
        const style = getComputedStyle(button);
        return { background: style.backgroundColor, radius: style.borderTopLeftRadius };
      });
  expect(await nextStyle('end-of-lease-quote')).toEqual({ background: 'rgb(45, 106, 79)', radius: '999px' });
  // The other element keeps the defaults (its dark theme's accent, 8 px corners).
  expect(await nextStyle('oven-quote')).toEqual({ background: 'rgb(140, 194, 255)', radius: '8px' });
});

test('focus and scroll stay with the host page until the visitor acts inside', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 250 });
  // Hold the wizard's chunk until the visitor is busy on the host page.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/embed/v1/wizard-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${servers.partner.url}/two-wizards.html?hostile=off`);
  await page.locator('#host-input').focus();
  await page.evaluate(() => {
    // Room to scroll before the wizards take their space.
    document.body.style.minHeight = '3000px';
    window.scrollTo(0, 80);
  });
  expect(await page.evaluate(() => window.scrollY)).toBe(80);
  release();
  await bothWizardsShown(page);
  await expect(page.locator('#oven-quote').getByText('Step 1 of 6')).toBeAttached();

  expect(await focusPath(page)).toEqual(['input#host-input']);
  expect(await page.evaluate(() => window.scrollY)).toBe(80);

  // The visitor acts inside: focus moves there (to the next step's heading), and only then.
  await next(page.locator('#oven-quote'));
  await expect(
    page.locator('#oven-quote').getByRole('heading', { name: 'Tell us about your oven' }),
  ).toBeFocused();
  const path = await focusPath(page);
  expect(path[0]).toBe('cleanquote-wizard#oven-quote');
  expect(path[1]).toMatch(/^h3/);
});

test('axe finds no violations inside the shadow roots, two wizards side by side', async ({ page }) => {
  await page.goto(`${servers.partner.url}/two-wizards.html`);
  await bothWizardsShown(page);
  await expectNoAxeViolations(page, { include: 'cleanquote-wizard' });

  // Another step in each, with messages shown.
  await next(page.locator('#end-of-lease-quote'));
  await next(page.locator('#oven-quote'));
  // Next is aria-disabled until a size is chosen, yet still pressable: it shows what is missing.
  await page.locator('#oven-quote').getByRole('button', { name: 'Next', exact: true }).click({ force: true });
  await expect(
    page.locator('#oven-quote').getByText('Choose your oven size', { exact: false }).first(),
  ).toBeVisible();
  await expectNoAxeViolations(page, { include: 'cleanquote-wizard' });
});

/** Presses Tab until `target` has focus (looking into shadow roots); fails after `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    const focused = await target.evaluate((element) => {
      let active = document.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      return active === element;
    });
    if (focused) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

test('a quote can be sent with the keyboard alone', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto(`${servers.partner.url}/two-wizards.html`);
  await bothWizardsShown(page);
  const oven = page.locator('#oven-quote');
  const nextButton = oven.getByRole('button', { name: 'Next', exact: true });

  await tabTo(page, nextButton);
  await page.keyboard.press('Enter');
  await expect(oven.getByRole('heading', { name: 'Tell us about your oven' })).toBeFocused();

  const standard = oven.getByRole('radio', { name: /^Standard oven \(60cm\)/ });
  await tabTo(page, standard);
  await page.keyboard.press('Space');
  await expect(standard).toBeChecked();
  await tabTo(page, nextButton);
  await page.keyboard.press('Enter');

  await tabTo(page, oven.getByRole('radio', { name: 'Urgent Today/Tomorrow', exact: true }));
  await page.keyboard.press('ArrowDown');
  await expect(oven.getByRole('radio', { name: 'This week within 7 days', exact: true })).toBeChecked();
  await tabTo(page, nextButton);
  await page.keyboard.press('Enter');

  for (const [name, text] of [
    [/^Full Name/, 'Kim Keys'],
    [/^Phone Number/, '0491 570 162'],
    [/^Email Address/, 'kim@example.com'],
  ] as const) {
    await tabTo(page, oven.getByRole('textbox', { name }));
    await page.keyboard.type(text);
  }
  await expect(oven.getByRole('textbox', { name: /^Property Address/ })).toHaveValue('Box Hill, VIC');
  await tabTo(page, nextButton);
  await page.keyboard.press('Enter');

  const consent = oven.getByRole('checkbox', { name: /I have read and agree/ });
  await tabTo(page, consent);
  await page.keyboard.press('Space');
  await expect(consent).toBeChecked();
  await tabTo(page, nextButton);
  await page.keyboard.press('Enter');

  const send = oven.getByRole('button', { name: 'Get My Quote', exact: true });
  await tabTo(page, send);
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/service-form'));
  await page.keyboard.press('Enter');
  expect((await answered).status()).toBe(201);
  await expect(oven.getByRole('heading', { name: 'Thank you!' })).toBeFocused();
});

test('the code loads only when the element comes near the viewport', async ({ page }) => {
  const chunkRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/wizard-[0-9a-f]+\.js$/.test(request.url())) chunkRequests.push(request.url());
  });
  await page.goto(`${servers.partner.url}/far-below.html`);
  await page.waitForLoadState('networkidle');
  const far = page.locator('#far-quote');
  expect(chunkRequests).toEqual([]);
  expect(await far.evaluate((element) => element.shadowRoot?.innerHTML)).toBe('<slot></slot>');

  await page.mouse.wheel(0, 5000);
  await expect(far.getByRole('radio', { name: /^Deep Cleaning/ })).toBeChecked();
  expect(chunkRequests).toHaveLength(1);
});

test('attribute changes apply to an untouched wizard and never wipe answers; removal stops it', async ({
  page,
}) => {
  await page.goto(`${servers.partner.url}/two-wizards.html`);
  await bothWizardsShown(page);
  const element = page.locator('#end-of-lease-quote');
  const setAttribute = (name: string, value: string) =>
    element.evaluate(
      (host, [attribute, text]) => host.setAttribute(attribute ?? '', text ?? ''),
      [name, value],
    );

  // Untouched: a new service is applied.
  await setAttribute('service', 'carpet-cleaning');
  await expect(element.getByRole('radio', { name: /^Carpet Cleaning/ })).toBeChecked();
  await setAttribute('theme', 'dark');
  await expect(element.locator('.cq-wizard')).toHaveAttribute('data-cq-theme', 'dark');

  // In use: answers stay, whatever the page changes.
  await element.getByRole('radio', { name: /^End of Lease Cleaning/ }).check();
  await answerEndOfLease(element, {
    name: 'Sam Stay',
    phone: '0491 570 163',
    email: 'sam@example.com',
    address: '1 High St, Kew, VIC',
  });
  await setAttribute('service', 'window-cleaning');
  await setAttribute('suburb', 'carlton');
  await expect(element.getByText('Step 7 of 7')).toBeVisible();
  await element.getByRole('button', { name: 'Back', exact: true }).click();
  await element.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(element.getByRole('textbox', { name: /^Property Address/ })).toHaveValue(
    '1 High St, Kew, VIC',
  );

  // Removed: the wizard leaves its shadow root (unmounted, its actor stopped); the other carries on.
  const leftBehind = await element.evaluate(async (host) => {
    host.remove();
    await new Promise((done) => setTimeout(done, 0));
    return host.shadowRoot?.innerHTML;
  });
  expect(leftBehind).toBe('<slot></slot>');
  await expect(page.locator('#oven-quote').getByText('Step 1 of 6')).toBeVisible();
});

test('without constructable stylesheets the element uses a <style> with its nonce, allowed by the CSP', async ({
  page,
}) => {
  await page.addInitScript(() => {
    delete (ShadowRoot.prototype as { adoptedStyleSheets?: unknown }).adoptedStyleSheets;
    delete (Document.prototype as { adoptedStyleSheets?: unknown }).adoptedStyleSheets;
  });
  const refusedStyles: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('style-src')) refusedStyles.push(message.text());
  });
  await page.goto(`${servers.partner.url}/two-wizards.html`);
  await bothWizardsShown(page);
  const background = (id: string) =>
    page.locator(`#${id} .cq-wizard`).evaluate((card) => getComputedStyle(card).backgroundColor);
  // The oven element carries the page's nonce: its styles apply.
  expect(await background('oven-quote')).toBe('rgb(17, 26, 36)');
  // The other has no nonce attribute: the page's CSP refuses its <style>, as it should.
  expect(await background('end-of-lease-quote')).toBe('rgba(0, 0, 0, 0)');
  expect(refusedStyles.length).toBeGreaterThan(0);
});

test("a nonce on the script tag is all a page's script-src needs: the chunk's import() inherits it", async ({
  page,
}) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) refused.push(message.text());
  });
  await page.goto(`${servers.partner.url}/two-wizards.html?csp=nonce-only`);
  await bothWizardsShown(page);
  expect(refused).toEqual([]);
});
