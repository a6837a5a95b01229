/**
 * The quote wizard on /service-form, end to end against the built site and the real API: every flow
 * (one per service) completed with the keyboard alone, the request body checked against the shared
 * schema, the step sequence checked against each flow's steps (written out here by hand), axe on every
 * step, query pre-fill, failed submissions with retry under the same idempotency key, and drafts across
 * reloads.
 */
import { quoteRequestSchema } from '@cleanquote/quote-core/schema';
import { expect, type Locator, type Page, type Request, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';

type StepId =
  | 'service-type'
  | 'property-size'
  | 'carpet-question'
  | 'carpet-areas'
  | 'standalone-carpet-areas'
  | 'oven-details'
  | 'window-details'
  | 'ndis-client-details'
  | 'timing'
  | 'contact-info'
  | 'terms-agreement'
  | 'final-details';

const TAIL: StepId[] = ['timing', 'contact-info', 'terms-agreement', 'final-details'];

// ---------------------------------------------------------------------------------------------------
// Keyboard-only helpers: focus only ever moves with Tab and arrow keys.

async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement);
}

/** Presses Tab until `target` has focus; fails if it cannot be reached. */
async function tabTo(page: Page, target: Locator, maxPresses = 80): Promise<void> {
  for (let press = 0; press <= maxPresses; press += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Could not reach ${target.toString()} with the Tab key`);
}

/**
 * Tabs into a radio group, arrows to the option whose card starts with `option` (a card's name is its
 * whole text, note included) and makes sure it is checked.
 */
async function chooseRadio(page: Page, groupName: string | RegExp, option: string): Promise<void> {
  const group = page.getByRole('group', { name: groupName });
  const escaped = option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const target = group.getByRole('radio', { name: new RegExp(`^${escaped}( |$)`) });
  for (let press = 0; press <= 80; press += 1) {
    const inGroup = await group.evaluate(
      (element) =>
        element.contains(document.activeElement) &&
        (document.activeElement as HTMLInputElement).type === 'radio',
    );
    if (inGroup) break;
    await page.keyboard.press('Tab');
  }
  const count = await group.getByRole('radio').count();
  for (let press = 0; press < count && !(await isFocused(target)); press += 1) {
    await page.keyboard.press('ArrowDown');
  }
  expect(await isFocused(target), `${option} focused by arrow keys`).toBe(true);
  if (!(await target.isChecked())) await page.keyboard.press('Space');
  await expect(target).toBeChecked();
}

async function tick(page: Page, checkbox: Locator): Promise<void> {
  await tabTo(page, checkbox);
  await page.keyboard.press('Space');
  await expect(checkbox).toBeChecked();
}

async function typeInto(page: Page, field: Locator, text: string, { prepend = false } = {}): Promise<void> {
  await tabTo(page, field);
  if (prepend) await page.keyboard.press('Home');
  await page.keyboard.type(text);
}

async function press(page: Page, button: Locator, times = 1): Promise<void> {
  await tabTo(page, button);
  for (let count = 0; count < times; count += 1) await page.keyboard.press('Enter');
}

const wizard = (page: Page) => page.locator('.cq-wizard');

/**
 * Opens the wizard and waits until it is interactive: the page hydrates the wizard's chunk after the
 * server's HTML shows, and a keyboard press before that would reach only the static markup.
 */
async function openWizard(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('.cq-wizard[data-cq-ready="true"]').waitFor();
}
const currentStep = (page: Page) => wizard(page).locator('[data-cq-step]');
const nextButton = (page: Page) => wizard(page).getByRole('button', { name: /^(Next|Get My Quote)$/ });

async function stepId(page: Page): Promise<StepId> {
  return (await currentStep(page).getAttribute('data-cq-step')) as StepId;
}

async function stepText(page: Page): Promise<string> {
  return (
    (await wizard(page)
      .getByText(/^Step \d+ of \d+$/)
      .textContent()) ?? ''
  );
}

// ---------------------------------------------------------------------------------------------------
// Answers per step, by keyboard.

const CONTACT = {
  name: 'Alex Citizen',
  phone: '0491 570 156',
  email: 'alex@example.com',
  address: '1 Example Street, Box Hill, VIC',
};

interface Flow {
  readonly title: string;
  readonly serviceLabel: string;
  readonly serviceType: string;
  /** Each service's step sequence, written out by hand. */
  readonly steps: readonly StepId[];
  readonly carpet?: 'yes' | 'no';
  readonly caseManager?: boolean;
  /** What the submitted body must contain besides the contact details. */
  readonly expected: Record<string, unknown>;
}

const FLOWS: readonly Flow[] = [
  {
    title: 'regular clean',
    serviceLabel: 'Regular Cleaning',
    serviceType: 'regular-clean',
    steps: ['service-type', 'property-size', ...TAIL],
    expected: { bedrooms: '3', bathrooms: '2', propertyType: 'townhouse' },
  },
  {
    title: 'deep clean',
    serviceLabel: 'Deep Cleaning',
    serviceType: 'deep-clean',
    steps: ['service-type', 'property-size', ...TAIL],
    expected: { bedrooms: '3', bathrooms: '2' },
  },
  {
    title: 'end of lease without carpets',
    serviceLabel: 'End of Lease Cleaning',
    serviceType: 'end-of-lease',
    carpet: 'no',
    steps: ['service-type', 'property-size', 'carpet-question', ...TAIL],
    expected: { bedrooms: '3', bathrooms: '2', carpetNeeded: 'no' },
  },
  {
    title: 'end of lease with carpets',
    serviceLabel: 'End of Lease Cleaning',
    serviceType: 'end-of-lease',
    carpet: 'yes',
    steps: ['service-type', 'property-size', 'carpet-question', 'carpet-areas', ...TAIL],
    expected: {
      carpetNeeded: 'yes',
      carpetAreas: ['bedrooms', 'hallways'],
      carpetRoomCounts: { bedrooms: 2, hallways: 1 },
    },
  },
  {
    title: 'carpet cleaning',
    serviceLabel: 'Carpet Cleaning',
    serviceType: 'carpet-clean',
    steps: ['service-type', 'standalone-carpet-areas', ...TAIL],
    expected: { carpetAreas: ['bedrooms', 'hallways'], carpetRoomCounts: { bedrooms: 2, hallways: 1 } },
  },
  {
    title: 'window cleaning',
    serviceLabel: 'Window Cleaning',
    serviceType: 'window-clean',
    steps: ['service-type', 'window-details', ...TAIL],
    expected: { windowPanels: 12, propertyType: 'both-sides', windowScope: ['window-frames'] },
  },
  {
    title: 'oven cleaning',
    serviceLabel: 'Oven Cleaning',
    serviceType: 'oven-clean',
    steps: ['service-type', 'oven-details', ...TAIL],
    expected: { ovenType: '90cm-oven', ovenCondition: 'heavy-buildup', cleaningFocus: ['rangehood'] },
  },
  {
    title: 'NDIS, self-managed',
    serviceLabel: 'NDIS & Aged Care Cleaning',
    serviceType: 'ndis-aged-care',
    steps: ['service-type', 'ndis-client-details', ...TAIL],
    expected: { ndisClientType: 'self-managed' },
  },
  {
    title: 'NDIS, booked by a case manager',
    serviceLabel: 'NDIS & Aged Care Cleaning',
    serviceType: 'ndis-aged-care',
    caseManager: true,
    steps: ['service-type', 'ndis-client-details', ...TAIL],
    expected: {
      ndisClientType: 'case-manager',
      caseManagerName: 'Sam Coordinator',
      caseManagerPhone: '03 5550 0123',
      caseManagerEmail: 'sam@support.example.org',
      caseManagerOrganization: 'Example Support Co',
    },
  },
];

async function answerStep(page: Page, step: StepId, flow: Flow): Promise<void> {
  const scope = wizard(page);
  switch (step) {
    case 'service-type':
      await chooseRadio(page, 'What type of cleaning do you need?', flow.serviceLabel);
      return;
    case 'property-size':
      await chooseRadio(page, 'Bedrooms', '3');
      await chooseRadio(page, 'Bathrooms', '2');
      if (flow.serviceType === 'regular-clean') await chooseRadio(page, /^Property type/, 'Townhouse');
      return;
    case 'carpet-question':
      await chooseRadio(
        page,
        'Do you need carpet steam cleaning?',
        flow.carpet === 'yes' ? 'Yes, add carpet steam cleaning' : 'No thanks',
      );
      return;
    case 'carpet-areas':
    case 'standalone-carpet-areas':
      await press(page, scope.getByRole('button', { name: 'Add one bedroom' }), 2);
      await press(page, scope.getByRole('button', { name: 'Add one hallway' }));
      await expect(scope.getByRole('region', { name: 'Selected Areas' })).toContainText('2 room(s)');
      return;
    case 'oven-details':
      await chooseRadio(page, 'Oven size', 'Large oven (90cm)');
      await chooseRadio(page, /^Oven condition/, 'Heavy build-up');
      await tick(page, scope.getByRole('checkbox', { name: 'Rangehood cleaning' }));
      await expect(scope.getByRole('region', { name: 'Your oven clean' })).toContainText(
        'Rangehood cleaning',
      );
      return;
    case 'window-details':
      await typeInto(page, scope.getByRole('spinbutton', { name: 'Number of window panels' }), '12');
      await chooseRadio(page, /^Cleaning type/, 'Both sides');
      await tick(page, scope.getByRole('checkbox', { name: 'Window frames' }));
      await expect(scope.getByRole('region', { name: 'Your window clean' })).toContainText('12');
      return;
    case 'ndis-client-details':
      await chooseRadio(
        page,
        'Who is arranging the clean?',
        flow.caseManager ? 'Case manager' : 'Self-managed',
      );
      if (flow.caseManager) {
        await typeInto(page, scope.getByRole('textbox', { name: 'Case Manager Name' }), 'Sam Coordinator');
        await typeInto(page, scope.getByRole('textbox', { name: 'Case Manager Phone' }), '03 5550 0123');
        await typeInto(
          page,
          scope.getByRole('textbox', { name: 'Case Manager Email' }),
          'sam@support.example.org',
        );
        await typeInto(page, scope.getByRole('textbox', { name: /^Organisation/ }), 'Example Support Co');
      }
      return;
    case 'timing':
      await chooseRadio(page, 'When do you need the clean?', 'This week');
      return;
    case 'contact-info':
      await typeInto(page, scope.getByRole('textbox', { name: 'Full Name' }), CONTACT.name);
      await typeInto(page, scope.getByRole('textbox', { name: 'Phone Number' }), CONTACT.phone);
      await typeInto(page, scope.getByRole('textbox', { name: 'Email Address' }), CONTACT.email);
      await typeInto(page, scope.getByRole('textbox', { name: 'Property Address' }), CONTACT.address);
      return;
    case 'terms-agreement':
      await expect(scope.getByText('Thank you for agreeing to our terms and privacy policy')).toHaveCount(0);
      await tick(page, scope.getByRole('checkbox', { name: /I have read and agree/ }));
      await expect(scope.getByText('Thank you for agreeing to our terms and privacy policy')).toBeVisible();
      return;
    case 'final-details':
      await chooseRadio(page, /^How did you hear about us\?/, 'Friend recommendation');
      await typeInto(page, scope.getByRole('textbox', { name: /^Special requests/ }), 'Gate code 1234');
      return;
  }
}

function isQuoteSubmission(request: Request): boolean {
  return request.url().endsWith('/api/service-form') && request.method() === 'POST';
}

// ---------------------------------------------------------------------------------------------------

test.describe('every flow of the wizard, by keyboard alone', () => {
  for (const flow of FLOWS) {
    test(`${flow.title}: steps, request body, thank-you page, axe on every step`, async ({ page }) => {
      test.setTimeout(90_000);
      await openWizard(page, '/service-form');
      await expect(page.getByRole('heading', { level: 1, name: 'Get Your Cleaning Quote' })).toBeVisible();
      // The wizard never takes focus on load.
      expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);

      const visited: StepId[] = [];
      const stepTexts: string[] = [];
      for (let index = 0; index < flow.steps.length; index += 1) {
        const step = await stepId(page);
        visited.push(step);
        await answerStep(page, step, flow);
        stepTexts.push(await stepText(page));
        await expectNoAxeViolations(page);
        if (index === flow.steps.length - 1) break;
        await press(page, nextButton(page));
        // Focus moved to the new step's heading.
        await expect(currentStep(page).getByRole('heading').first()).toBeFocused();
      }
      expect(visited).toEqual(flow.steps);
      const total = flow.steps.length;
      expect(stepTexts.map((text) => Number(/^Step (\d+) of/.exec(text)?.[1]))).toEqual(
        flow.steps.map((_, index) => index + 1),
      );
      // From the step after the plan-changing answers on, 'of M' is the whole flow's length.
      expect(stepTexts.slice(-4)).toEqual(TAIL.map((_, index) => `Step ${total - 3 + index} of ${total}`));

      await expect(nextButton(page)).toHaveText('Get My Quote');
      const submitted = page.waitForRequest(isQuoteSubmission);
      const answered = page.waitForResponse((response) => isQuoteSubmission(response.request()));
      await press(page, nextButton(page));
      const request = await submitted;
      const body = request.postDataJSON() as unknown;
      const parsed = quoteRequestSchema.safeParse(body);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      expect(body).toMatchObject({
        serviceType: flow.serviceType,
        urgency: 'this-week',
        ...CONTACT,
        termsAccepted: true,
        howFoundUs: 'friend-recommendation',
        specialRequests: 'Gate code 1234',
        ...flow.expected,
      });
      expect(request.headers()['idempotency-key']).toMatch(/^[\w-]{8,128}$/);
      const response = await answered;
      expect(response.status()).toBe(201);
      const { reference } = (await response.json()) as { reference: string };

      await page.waitForURL(`**/thank-you?reference=${reference}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Thank You!' })).toBeVisible();
      await expect(page.getByText('Your quote request has been submitted successfully')).toBeVisible();
      await expect(page.getByTestId('quote-reference')).toHaveText(reference);

      // The draft is gone: a new visit starts afresh.
      await openWizard(page, '/service-form');
      await expect(wizard(page).getByText('Step 1 of 6')).toBeVisible();
      await expect(wizard(page).getByRole('radio', { checked: true })).toHaveCount(0);
    });
  }
});

test.describe('the wizard on /service-form', () => {
  test('pre-fills the service and the suburb from the query string, on the server too', async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/service-form?service=oven-clean&suburb=box-hill')).text();
    expect(html).toMatch(/<input(?=[^>]*value="oven-clean")(?=[^>]*checked="")[^>]*>/);
    expect(html).toContain('Step 1 of 6');

    await openWizard(page, '/service-form?service=oven-clean&suburb=box-hill');
    await expect(wizard(page).getByRole('radio', { name: 'Oven Cleaning' })).toBeChecked();
    await press(page, nextButton(page));
    expect(await stepId(page)).toBe('oven-details');
    await chooseRadio(page, 'Oven size', 'Standard oven (60cm)');
    await press(page, nextButton(page));
    await chooseRadio(page, 'When do you need the clean?', 'Just browsing');
    await press(page, nextButton(page));
    const address = wizard(page).getByRole('textbox', { name: 'Property Address' });
    await expect(address).toHaveValue('Box Hill, VIC');
    await typeInto(page, address, '12 Station Street, ', { prepend: true });
    await expect(address).toHaveValue('12 Station Street, Box Hill, VIC');
  });

  test('shows what is missing, and axe finds nothing on blocked steps and full counters', async ({
    page,
  }) => {
    await openWizard(page, '/service-form');
    const status = wizard(page).locator('.cq-wizard__hint');
    await expect(status).toHaveText('To continue: Choose a service.');
    await expect(nextButton(page)).toBeDisabled();
    await press(page, nextButton(page));
    await expect(wizard(page).getByText('Choose a service', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    await chooseRadio(page, 'What type of cleaning do you need?', 'Carpet Cleaning');
    await expect(status).toHaveText('');
    await press(page, nextButton(page));
    await expect(status).toHaveText('To continue: Add at least one room.');
    const add = wizard(page).getByRole('button', { name: 'Add one staircase' });
    await press(page, add, 4);
    await expect(add).toBeDisabled();
    await expect(add).toBeFocused();
    await expect(
      wizard(page)
        .getByRole('group', { name: /^Staircases/ })
        .getByRole('status'),
    ).toHaveText('Staircases: 3 (maximum)');
    await expect(wizard(page).getByRole('button', { name: 'Remove one bedroom' })).toBeDisabled();
    await expectNoAxeViolations(page);
  });

  test('a failed submission shows the error, keeps the answers, and the retry succeeds with the same key', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const requests: Request[] = [];
    let failures = 1;
    await page.route('**/api/service-form', async (route) => {
      requests.push(route.request());
      if (failures > 0) {
        failures -= 1;
        await route.fulfill({ status: 500, json: { error: 'Internal error', requestId: 'x' } });
        return;
      }
      await route.continue();
    });
    await completeUpToFinalStep(page, '/service-form?service=deep-cleaning');
    await typeInto(
      page,
      wizard(page).getByRole('textbox', { name: /^Special requests/ }),
      'Side gate is open',
    );
    await press(page, nextButton(page));

    const alert = wizard(page).getByRole('alert');
    await expect(alert).toContainText('We could not send your quote request.');
    await expect(alert).toContainText('Sorry, something went wrong on our side (error 500)');
    expect(page.url()).toContain('/service-form');
    await expect(wizard(page).getByRole('textbox', { name: /^Special requests/ })).toHaveValue(
      'Side gate is open',
    );
    await expectNoAxeViolations(page);

    await press(page, wizard(page).getByRole('button', { name: 'Try again' }));
    await page.waitForURL(/\/thank-you\?reference=CQ-[A-Z0-9]+$/);
    expect(requests).toHaveLength(2);
    const [first, second] = requests.map((request) => request.headers()['idempotency-key']);
    expect(first).toBeTruthy();
    expect(second).toBe(first);
    expect(requests[1]?.postData()).toBe(requests[0]?.postData());
  });

  test('a network failure and being offline are explained, and never lead to the thank-you page', async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    let aborts = 1;
    await page.route('**/api/service-form', async (route) => {
      if (aborts > 0) {
        aborts -= 1;
        await route.abort('connectionrefused');
        return;
      }
      await route.continue();
    });
    await completeUpToFinalStep(page, '/service-form?service=regular-cleaning');
    await press(page, nextButton(page));
    await expect(wizard(page).getByRole('alert')).toContainText('We could not reach our server.');

    await context.setOffline(true);
    await press(page, wizard(page).getByRole('button', { name: 'Try again' }));
    await expect(wizard(page).getByRole('alert')).toContainText('You appear to be offline.');
    expect(page.url()).toContain('/service-form');

    await context.setOffline(false);
    await press(page, nextButton(page));
    await page.waitForURL(/\/thank-you\?reference=CQ-/);
  });

  test('reloading mid-flow restores the answers and the step', async ({ page }) => {
    await openWizard(page, '/service-form');
    await chooseRadio(page, 'What type of cleaning do you need?', 'Window Cleaning');
    await press(page, nextButton(page));
    await typeInto(page, wizard(page).getByRole('spinbutton', { name: 'Number of window panels' }), '24');
    await chooseRadio(page, /^Cleaning type/, 'Exterior only');
    await press(page, nextButton(page));
    await chooseRadio(page, 'When do you need the clean?', 'Next week');
    await press(page, nextButton(page));
    await typeInto(page, wizard(page).getByRole('textbox', { name: 'Full Name' }), 'Robin Reload');
    // Reload at once: the pending draft is written when the page goes away.
    await page.reload();
    await page.locator('.cq-wizard[data-cq-ready="true"]').waitFor();

    await expect(wizard(page).getByText('Step 4 of 6')).toBeVisible();
    await expect(wizard(page).getByRole('textbox', { name: 'Full Name' })).toHaveValue('Robin Reload');
    // Restoring never takes focus from the page.
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await press(page, wizard(page).getByRole('button', { name: 'Back' }));
    await expect(wizard(page).getByRole('radio', { name: 'Next week' })).toBeChecked();
    await press(page, wizard(page).getByRole('button', { name: 'Back' }));
    await expect(wizard(page).getByRole('spinbutton', { name: 'Number of window panels' })).toHaveValue('24');
    await expect(wizard(page).getByRole('radio', { name: 'Exterior only' })).toBeChecked();
  });

  test('hydrates the server-rendered page without errors', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await openWizard(page, '/service-form?service=end-of-lease&suburb=south-yarra');
    await expect(wizard(page).getByText('Step 1 of 7')).toBeVisible();
    await press(page, nextButton(page));
    await expect(wizard(page).getByText('Step 2 of 7')).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test.describe('a step the server rendered after a post (docs/decisions/0009)', () => {
  /** What a tap before the script ran does: the form posts itself, and the server renders the answer. */
  async function postNatively(page: Page): Promise<void> {
    await Promise.all([
      page.waitForEvent('load'),
      wizard(page)
        .locator('form')
        .evaluate((form: HTMLFormElement) => form.submit()),
    ]);
    await page.locator('.cq-wizard[data-cq-ready="true"]').waitFor();
  }

  function watch(page: Page) {
    const seen = { errors: [] as string[], posts: [] as string[] };
    page.on('console', (message) => {
      if (message.type() === 'error') seen.errors.push(message.text());
    });
    page.on('pageerror', (error) => seen.errors.push(error.message));
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      // The analytics beacon posts page views and funnel steps; it is not the form.
      if (request.method() === 'POST' && path !== '/api/collect') seen.posts.push(path);
    });
    return seen;
  }

  test('hydrates the same step and carries on in the page, with the pre-filled answers', async ({ page }) => {
    const seen = watch(page);
    await openWizard(page, '/service-form?service=window-cleaning&suburb=fitzroy');
    await postNatively(page);
    expect(await stepId(page)).toBe('window-details');
    await expect(wizard(page).getByText('Step 2 of 6')).toBeVisible();

    await typeInto(page, wizard(page).getByRole('spinbutton', { name: 'Number of window panels' }), '8');
    await press(page, nextButton(page));
    expect(await stepId(page)).toBe('timing');
    await expect(currentStep(page).getByRole('heading').first()).toBeFocused();
    await chooseRadio(page, 'When do you need the clean?', 'Next week');
    await press(page, nextButton(page));
    await expect(wizard(page).getByRole('textbox', { name: 'Property Address' })).toHaveValue('Fitzroy, VIC');
    await press(page, wizard(page).getByRole('button', { name: 'Back' }));
    await press(page, wizard(page).getByRole('button', { name: 'Back' }));
    await expect(wizard(page).getByRole('spinbutton', { name: 'Number of window panels' })).toHaveValue('8');
    expect(seen.posts).toEqual(['/service-form']);
    expect(seen.errors).toEqual([]);
  });

  test('hydrates a refused step with its message, and Next then acts in the page', async ({ page }) => {
    const seen = watch(page);
    await openWizard(page, '/service-form');
    await postNatively(page);
    expect(await stepId(page)).toBe('service-type');
    await expect(wizard(page).locator('.cq-field__error')).toHaveText('Choose a service');
    await expect(nextButton(page)).toBeDisabled();
    await chooseRadio(page, 'What type of cleaning do you need?', 'Deep Cleaning');
    await press(page, nextButton(page));
    expect(await stepId(page)).toBe('property-size');
    expect(seen.posts).toEqual(['/service-form']);
    expect(seen.errors).toEqual([]);
  });
});

/** A deep or regular clean answered up to its final step, by keyboard. */
async function completeUpToFinalStep(page: Page, url: string): Promise<void> {
  await openWizard(page, url);
  await expect(wizard(page).getByRole('radio', { checked: true })).toHaveCount(1);
  const flow = FLOWS[0] as Flow;
  for (let index = 0; index < 5; index += 1) {
    const step = await stepId(page);
    if (step !== 'service-type') await answerStep(page, step, flow);
    await press(page, nextButton(page));
  }
  expect(await stepId(page)).toBe('final-details');
}
