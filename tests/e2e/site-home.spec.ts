import { business, faq, galleryItems, services, team, whyChooseUs } from '@cleanquote/content';
import { expect, type Page, test } from '@playwright/test';
import { accessibleExpanded } from '../support/accessibility-tree.ts';
import { expectToast, gotoHydrated, stubReviewsWidget, toasts } from '../support/site.ts';

// The home page, section by section, with scripts on.

test.beforeEach(async ({ page }) => {
  await stubReviewsWidget(page);
});

test('the sections come in order, from the hero to the newsletter', async ({ page }) => {
  await gotoHydrated(page, '/');
  const ids = await page.locator('main > section').evaluateAll((sections) => sections.map((s) => s.id));
  expect(ids).toEqual(['home', 'team', 'services', 'about', 'gallery', 'reviews', 'faq', 'newsletter']);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
});

test('the hero offers the free quote and dials the business', async ({ page }) => {
  await gotoHydrated(page, '/');
  const hero = page.locator('#home');
  await expect(hero.getByRole('link', { name: 'Get Your FREE Quote', exact: true })).toHaveAttribute(
    'href',
    '/service-form',
  );
  await expect(hero.getByRole('link', { name: `Call ${business.phone}` })).toHaveAttribute(
    'href',
    business.phoneHref,
  );
});

test('the team cards show each person with a phone link and an Email button for them', async ({ page }) => {
  await gotoHydrated(page, '/');
  const section = page.locator('#team');
  await expect(section.locator('.team-card')).toHaveCount(2);
  for (const member of team) {
    const card = section.locator('.team-card', { hasText: member.name });
    await expect(card.getByRole('heading', { name: member.name })).toBeVisible();
    await expect(card).toContainText(member.role);
    await expect(card.getByRole('link', { name: `Call ${member.phone}` })).toHaveAttribute(
      'href',
      `tel:${member.phone.replaceAll(' ', '')}`,
    );
    const photo = card.getByRole('img', { name: `Portrait of ${member.name}` });
    await expect(photo).toHaveAttribute('src', member.photo);
    await expect(photo).toHaveAttribute('width', '160');
    await expect(photo).toHaveAttribute('height', '160');
    await expect(photo).toHaveAttribute('loading', 'lazy');

    await card.getByRole('button', { name: `Email ${member.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Email ${member.name}` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(member.title);
    await expect(dialog).toContainText(member.email);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  }
});

test('the 8 service cards link to the wizard with their slug, and both calls to action to the wizard', async ({
  page,
}) => {
  await gotoHydrated(page, '/');
  const section = page.locator('#services');
  await expect(section.locator('.service-card')).toHaveCount(8);
  expect(services.map((service) => service.slug)).toEqual([
    'regular-cleaning',
    'deep-cleaning',
    'end-of-lease',
    'ndis-cleaning',
    'carpet-cleaning',
    'window-cleaning',
    'oven-clean',
    'commercial-cleaning',
  ]);
  for (const service of services) {
    const card = section.locator('.service-card', { hasText: service.title });
    await expect(card.getByRole('heading', { name: service.title, exact: true })).toBeVisible();
    await expect(card).toContainText(service.description);
    await expect(card.getByRole('link', { name: `Get a free quote for ${service.title}` })).toHaveAttribute(
      'href',
      `/service-form?service=${service.slug}`,
    );
  }
  for (const name of ['Get Your Free Quote Now', 'Book Your Cleaning Today']) {
    await expect(section.getByRole('link', { name, exact: true })).toHaveAttribute('href', '/service-form');
  }
  await section.getByRole('link', { name: 'Get a free quote for End of Lease' }).click();
  await expect(page).toHaveURL(/\/service-form\?service=end-of-lease$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Get Your Cleaning Quote' })).toBeVisible();
});

test('why choose us sits at the about anchor with its four points', async ({ page }) => {
  await gotoHydrated(page, '/');
  const about = page.locator('section#about');
  await expect(about.getByRole('heading', { level: 2 })).toHaveText(`Why Choose ${business.name}`);
  expect(whyChooseUs.map((point) => point.title)).toEqual([
    'Melbourne Local',
    'Quality Guarantee',
    'Eco-Friendly',
    'Flexible Scheduling',
  ]);
  for (const point of whyChooseUs) {
    await expect(about.getByRole('heading', { level: 3, name: point.title })).toBeVisible();
    await expect(about).toContainText(point.description);
  }
});

test.describe('before/after gallery', () => {
  async function sliderOf(page: Page, title: string) {
    const item = page.locator('.gallery__item', { hasText: title });
    await item.scrollIntoViewIfNeeded();
    return { item, slider: item.getByRole('slider', { name: `Before and after: ${title}` }) };
  }

  test('shows 3 items with BEFORE/AFTER labels, the hint and sliders at 50%', async ({ page }) => {
    await gotoHydrated(page, '/');
    const items = page.locator('.gallery__item');
    await expect(items).toHaveCount(3);
    expect(galleryItems.map((item) => item.title)).toEqual([
      'Bathroom Shower Cleaning',
      'Bathroom Sink Restoration',
      'Tile & Grout Deep Clean',
    ]);
    for (const item of galleryItems) {
      const { item: entry, slider } = await sliderOf(page, item.title);
      await expect(entry.getByRole('heading', { name: item.title })).toBeVisible();
      await expect(entry).toContainText(item.description);
      await expect(entry.getByText('BEFORE', { exact: true })).toBeVisible();
      await expect(entry.getByText('AFTER', { exact: true })).toBeVisible();
      await expect(entry.getByText('Drag the slider to see the transformation')).toBeVisible();
      await expect(slider).toHaveAttribute('aria-valuenow', '50');
      await expect(slider).toHaveAttribute('aria-valuemin', '0');
      await expect(slider).toHaveAttribute('aria-valuemax', '100');
      const before = entry.getByRole('img', { name: `Before: ${item.title}` });
      const after = entry.getByRole('img', { name: `After: ${item.title}` });
      await expect(before).toHaveAttribute('src', item.beforeImage);
      await expect(after).toHaveAttribute('src', item.afterImage);
      for (const image of [before, after]) {
        await expect(image).toHaveAttribute('loading', 'lazy');
        await expect(image).toHaveAttribute('width', '640');
        await expect(image).toHaveAttribute('height', '480');
        // The artwork really loads (not a broken image).
        await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
      }
      await expect(before).toHaveAttribute('style', /inset\(0(px)? 50% 0(px)? 0(px)?\)/);
    }
  });

  test('drags with the mouse', async ({ page }) => {
    await gotoHydrated(page, '/');
    const { item, slider } = await sliderOf(page, 'Bathroom Shower Cleaning');
    const box = await item.locator('.comparison').boundingBox();
    if (!box) throw new Error('the comparison has no box');
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width / 2, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.25, y, { steps: 5 });
    await page.mouse.up();
    await expect(slider).toHaveAttribute('aria-valuenow', '25');
    await expect(item.getByRole('img', { name: /^Before:/ })).toHaveAttribute('style', /inset\(0(px)? 75% /);
    // A click elsewhere jumps there.
    await page.mouse.click(box.x + box.width * 0.8, y);
    await expect(slider).toHaveAttribute('aria-valuenow', '80');
    // Past the edge clamps to 100.
    await page.mouse.move(box.x + box.width * 0.5, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width + 50, y, { steps: 4 });
    await page.mouse.up();
    await expect(slider).toHaveAttribute('aria-valuenow', '100');
  });

  test('works with the keyboard', async ({ page }) => {
    await gotoHydrated(page, '/');
    const { slider } = await sliderOf(page, 'Bathroom Sink Restoration');
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveAttribute('aria-valuenow', '55');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(slider).toHaveAttribute('aria-valuenow', '45');
    await page.keyboard.press('PageUp');
    await expect(slider).toHaveAttribute('aria-valuenow', '55');
    await page.keyboard.press('End');
    await expect(slider).toHaveAttribute('aria-valuenow', '100');
    await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveAttribute('aria-valuenow', '100');
    await page.keyboard.press('Home');
    await expect(slider).toHaveAttribute('aria-valuenow', '0');
    await expect(slider).toHaveAttribute('aria-valuetext', '0% before, 100% after');
    // Each slider keeps its own position.
    await expect((await sliderOf(page, 'Tile & Grout Deep Clean')).slider).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
  });
});

test.describe('before/after gallery on a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test('drags with a finger', async ({ page }) => {
    await gotoHydrated(page, '/');
    const item = page.locator('.gallery__item', { hasText: 'Tile & Grout Deep Clean' });
    await item.scrollIntoViewIfNeeded();
    const slider = item.getByRole('slider');
    const box = await item.locator('.comparison').boundingBox();
    if (!box) throw new Error('the comparison has no box');
    const y = Math.round(box.y + box.height / 2);
    // Real touch input through the browser's input pipeline (touch-action applies, pointer events follow).
    const client = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
      client.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x: Math.round(x), y }],
      });
    await touch('touchStart', box.x + box.width * 0.5);
    for (const fraction of [0.6, 0.7, 0.8, 0.9]) await touch('touchMove', box.x + box.width * fraction);
    await touch('touchEnd', 0);
    await expect(slider).toHaveAttribute('aria-valuenow', '90');
  });
});

test('the reviews widget is a sandboxed, lazy frame 400 px high with the Google reviews link', async ({
  page,
}) => {
  await gotoHydrated(page, '/');
  const section = page.locator('#reviews');
  const frame = section.locator('iframe');
  await expect(frame).toHaveAttribute('src', business.reviewsWidgetUrl);
  await expect(frame).toHaveAttribute('height', '400');
  await expect(frame).toHaveAttribute('loading', 'lazy');
  await expect(frame).toHaveAttribute('sandbox', /allow-scripts/);
  await expect(frame).toHaveAttribute('title', `Customer reviews of ${business.name}`);
  await frame.scrollIntoViewIfNeeded();
  expect((await frame.boundingBox())?.height).toBe(400);
  const link = section.getByRole('link', { name: /^View All Google Reviews/ });
  await expect(link).toHaveAttribute('href', business.reviewsUrl);
  expect(business.reviewsUrl).toMatch(/^https:\/\/www\.google\.com\/search\?q=/);
});

test('the FAQ is an accordion of 12 entries: one open at a time, and collapsible', async ({ page }) => {
  await gotoHydrated(page, '/');
  const section = page.locator('#faq');
  const questions = section.locator('summary');
  await expect(questions).toHaveCount(12);
  expect(faq).toHaveLength(12);
  for (const [index, entry] of faq.entries()) {
    await expect(questions.nth(index)).toHaveText(entry.question);
    await expect(questions.nth(index).getByRole('heading', { level: 3, name: entry.question })).toBeVisible();
    expect(await accessibleExpanded(questions.nth(index))).toBe(false);
    await expect(section.getByText(entry.answer)).toBeHidden();
  }
  const [first, second] = faq;
  if (!first || !second) throw new Error('the FAQ is empty');
  const firstQuestion = questions.filter({ hasText: first.question });
  const secondQuestion = questions.filter({ hasText: second.question });

  await firstQuestion.click();
  await expect.poll(() => accessibleExpanded(firstQuestion)).toBe(true);
  await expect(section.getByText(first.answer)).toBeVisible();

  await secondQuestion.click();
  await expect.poll(() => accessibleExpanded(secondQuestion)).toBe(true);
  await expect(section.getByText(second.answer)).toBeVisible();
  await expect.poll(() => accessibleExpanded(firstQuestion)).toBe(false);
  await expect(section.getByText(first.answer)).toBeHidden();

  await secondQuestion.click();
  await expect.poll(() => accessibleExpanded(secondQuestion)).toBe(false);
  await expect(section.getByText(second.answer)).toBeHidden();

  // Keyboard: Enter on a focused question opens it.
  await firstQuestion.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => accessibleExpanded(firstQuestion)).toBe(true);
  await expect(section.getByText(first.answer)).toBeVisible();
});

test('the contact block has a call link and Email Us addressed to customer service', async ({ page }) => {
  await gotoHydrated(page, '/');
  const block = page.locator('#contact');
  await expect(block.getByRole('link', { name: `Call ${business.phone}` })).toHaveAttribute(
    'href',
    business.phoneHref,
  );
  await block.getByRole('button', { name: 'Email Us' }).click();
  const dialog = page.getByRole('dialog', { name: 'Email Customer Service Team' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(business.customerServiceEmail);
});

test.describe('newsletter', () => {
  test('refuses an empty address or one without @ with the Invalid Email toast', async ({ page }) => {
    let requests = 0;
    await page.route('**/api/newsletter', (route) => {
      requests++;
      return route.continue();
    });
    await gotoHydrated(page, '/');
    const section = page.locator('#newsletter');
    await section.getByRole('button', { name: 'Subscribe' }).click();
    await expectToast(page, 'Invalid Email', 'Please enter a valid email address');
    await section.getByLabel('Email address').fill('jo.example.com');
    await section.getByRole('button', { name: 'Subscribe' }).click();
    await expectToast(page, 'Invalid Email', 'Please enter a valid email address');
    await expect(toasts(page)).toHaveClass(/toast--destructive/);
    expect(requests).toBe(0);
  });

  test('subscribing: disabled with Subscribing..., then the thank-you panel and Success!', async ({
    page,
  }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((done) => {
      release = done;
    });
    let body: unknown;
    await page.route('**/api/newsletter', async (route) => {
      body = route.request().postDataJSON();
      await held;
      await route.continue();
    });
    await gotoHydrated(page, '/');
    const section = page.locator('#newsletter');
    const input = section.getByLabel('Email address');
    await input.fill(`newsletter-${Date.now()}@example.com`);
    await section.getByRole('button', { name: 'Subscribe' }).click();
    await expect(section.getByRole('button', { name: 'Subscribing...' })).toBeDisabled();
    await expect(input).toBeDisabled();
    release();
    await expect(section.getByText('Thank you for subscribing!')).toBeVisible();
    await expect(section.locator('form')).toHaveCount(0);
    await expectToast(page, 'Success!', "You've been subscribed to our newsletter.");
    expect(body).toEqual({ email: expect.stringMatching(/^newsletter-\d+@example\.com$/) });
  });

  test('a failed sign-up returns to the form, keeps the address and shows Error', async ({ page }) => {
    await page.route('**/api/newsletter', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"down"}' }),
    );
    await gotoHydrated(page, '/');
    const section = page.locator('#newsletter');
    await section.getByLabel('Email address').fill('jo@example.com');
    await section.getByRole('button', { name: 'Subscribe' }).click();
    await expectToast(page, 'Error', 'Failed to subscribe. Please try again.');
    await expect(section.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
    await expect(section.getByLabel('Email address')).toHaveValue('jo@example.com');
    await expect(section.getByLabel('Email address')).toBeEnabled();
  });

  test('a network failure is a failure too', async ({ page }) => {
    await page.route('**/api/newsletter', (route) => route.abort('connectionrefused'));
    await gotoHydrated(page, '/');
    const section = page.locator('#newsletter');
    await section.getByLabel('Email address').fill('jo@example.com');
    await section.getByRole('button', { name: 'Subscribe' }).click();
    await expectToast(page, 'Error', 'Failed to subscribe. Please try again.');
  });
});
