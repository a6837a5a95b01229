// @vitest-environment happy-dom
import type { QuoteDraft } from '@cleanquote/quote-core';
import { quoteRequestSchema } from '@cleanquote/quote-core/schema';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryDraftStorage, draftStorageKey } from './draft-storage.ts';
import { QuoteWizard, type QuoteWizardProps } from './quote-wizard.tsx';
import type { QuoteSubmission, SubmitQuoteFunction } from './submit-quote.ts';

afterEach(cleanup);

const KEY = 'test-key-1234-5678';

function renderWizard(props: Partial<QuoteWizardProps> = {}, draft?: Partial<QuoteDraft>) {
  const storage = createMemoryDraftStorage(
    draft
      ? {
          [draftStorageKey(props.partnerKey)]: JSON.stringify({
            version: 1,
            stepIndex: 0,
            idempotencyKey: KEY,
            ...draft,
          }),
        }
      : {},
  );
  const submissions: QuoteSubmission[] = [];
  const submitQuote = vi.fn<SubmitQuoteFunction>(async (submission) => {
    submissions.push(submission);
    return { reference: 'CQ-TEST2345' };
  });
  const onSubmitted = vi.fn();
  const onError = vi.fn();
  const onStepChange = vi.fn();
  const user = userEvent.setup();
  const view = render(
    <QuoteWizard
      storage={storage}
      submitQuote={submitQuote}
      onSubmitted={onSubmitted}
      onError={onError}
      onStepChange={onStepChange}
      {...props}
    />,
  );
  return { ...view, user, storage, submissions, submitQuote, onSubmitted, onError, onStepChange };
}

const nextButton = () => screen.getByRole('button', { name: /^(Next|Get My Quote|Submitting\.\.\.)$/ });
const stepText = () => screen.getByText(/^Step \d+ of \d+$/).textContent;

async function next(user: ReturnType<typeof userEvent.setup>) {
  await user.click(nextButton());
}

describe('<QuoteWizard/> first step', () => {
  it('shows the heading and subtitle, the progress and a blocked Next', () => {
    renderWizard();
    expect(screen.getByRole('heading', { level: 2, name: 'Get Your Cleaning Quote' })).toBeTruthy();
    expect(screen.getByText('Just a few quick questions to get you an accurate quote')).toBeTruthy();
    expect(stepText()).toBe('Step 1 of 6');
    const progress = screen.getByRole('progressbar', { name: 'Quote progress' });
    expect(progress.getAttribute('aria-valuenow')).toBe(String(Math.round((1 / 6) * 100)));
    expect(progress.getAttribute('aria-valuemin')).toBe('0');
    expect(progress.getAttribute('aria-valuemax')).toBe('100');
    expect(progress.getAttribute('aria-valuetext')).toBe('Step 1 of 6');
    expect(screen.getByRole('button', { name: 'Back' }).hasAttribute('disabled')).toBe(true);
    expect(nextButton().getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('status', { name: '' }).textContent ?? '').toContain('Choose a service');
    expect(screen.getAllByRole('radio')).toHaveLength(7);
  });

  it('renders its heading at the level the host asks for', () => {
    renderWizard({ headingLevel: 1 });
    expect(screen.getByRole('heading', { level: 1, name: 'Get Your Cleaning Quote' })).toBeTruthy();
    expect(
      screen.getByRole('heading', { level: 2, name: 'What type of cleaning do you need?' }),
    ).toBeTruthy();
  });

  it('never takes focus on mount, and moves it to the new step heading on Next and Back', async () => {
    const { user } = renderWizard();
    expect(document.activeElement).toBe(document.body);
    await user.click(screen.getByRole('radio', { name: 'Deep Cleaning A thorough top-to-bottom clean' }));
    await next(user);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Tell us about your property' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { name: 'What type of cleaning do you need?' }),
    );
  });

  it('explains what is missing when Next is pressed too early', async () => {
    const { user, onStepChange } = renderWizard();
    await next(user);
    expect(stepText()).toBe('Step 1 of 6');
    expect(screen.getByText('Choose a service', { selector: '.cq-field__error' })).toBeTruthy();
    expect(onStepChange).toHaveBeenCalledTimes(1);
    expect(onStepChange).toHaveBeenCalledWith({ step: 'service-type', stepNumber: 1, stepCount: 6 });
  });
});

describe('<QuoteWizard/> flows', () => {
  it('completes a regular clean and submits a request the API schema accepts', async () => {
    const { user, submissions, onSubmitted, storage, onStepChange } = renderWizard({
      partnerKey: 'agency-1',
    });
    await user.click(
      screen.getByRole('radio', { name: 'Regular Cleaning Weekly, fortnightly or monthly home cleaning' }),
    );
    await next(user);
    expect(stepText()).toBe('Step 2 of 6');
    const bedrooms = screen.getByRole('group', { name: /Bedrooms/ });
    await user.click(within(bedrooms).getByRole('radio', { name: '3' }));
    const bathrooms = screen.getByRole('group', { name: /Bathrooms/ });
    await user.click(within(bathrooms).getByRole('radio', { name: '2' }));
    await user.click(screen.getByRole('radio', { name: 'Single Story House' }));
    await next(user);
    await user.click(screen.getByRole('radio', { name: 'This week within 7 days' }));
    await next(user);
    await user.type(screen.getByRole('textbox', { name: /Full Name/ }), 'Alex Citizen');
    await user.type(screen.getByRole('textbox', { name: /Phone Number/ }), '0491 570 156');
    await user.type(screen.getByRole('textbox', { name: /Email Address/ }), 'alex@example.com');
    await user.type(screen.getByRole('textbox', { name: /Property Address/ }), '1 Example St, Box Hill, VIC');
    await next(user);
    expect(screen.queryByText('Thank you for agreeing to our terms and privacy policy')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /I have read and agree/ }));
    expect(screen.getByText('Thank you for agreeing to our terms and privacy policy')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Terms & Conditions/ }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: /Privacy Policy/ }).getAttribute('href')).toBe('/privacy');
    await next(user);
    expect(stepText()).toBe('Step 6 of 6');
    await user.click(screen.getByRole('radio', { name: 'Friend recommendation' }));
    await user.type(screen.getByRole('textbox', { name: /Special requests/ }), 'Please bring a ladder');
    expect(nextButton().textContent).toBe('Get My Quote');
    await next(user);

    expect(submissions).toHaveLength(1);
    const [submission] = submissions;
    expect(submission?.partnerKey).toBe('agency-1');
    expect(quoteRequestSchema.safeParse(submission?.request).success).toBe(true);
    expect(submission?.request).toMatchObject({
      serviceType: 'regular-clean',
      bedrooms: '3',
      bathrooms: '2',
      propertyType: 'house-single',
      urgency: 'this-week',
      howFoundUs: 'friend-recommendation',
      specialRequests: 'Please bring a ladder',
      termsAccepted: true,
    });
    expect(onSubmitted).toHaveBeenCalledWith({ reference: 'CQ-TEST2345' });
    expect(await screen.findByText('CQ-TEST2345')).toBeTruthy();
    expect(storage.entries.has(draftStorageKey('agency-1'))).toBe(false);
    expect(onStepChange.mock.calls.map(([change]) => change.step)).toEqual([
      'service-type',
      'property-size',
      'timing',
      'contact-info',
      'terms-agreement',
      'final-details',
      'submitted',
    ]);
  });

  it('pre-fills the service and the suburb address from query values', async () => {
    const { user } = renderWizard({ service: 'oven-clean', suburb: 'box-hill' });
    expect(
      (screen.getByRole('radio', { name: 'Oven Cleaning Oven, cooktop and rangehood' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    await next(user);
    expect(screen.getByRole('heading', { name: 'Tell us about your oven' })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Large oven (90cm) Freestanding or wide ovens' }));
    await user.click(screen.getByRole('checkbox', { name: 'Rangehood cleaning' }));
    const summary = screen.getByRole('region', { name: 'Your oven clean' });
    expect(summary.textContent).toContain('Large oven (90cm)');
    expect(summary.textContent).toContain('Rangehood cleaning');
    await user.click(screen.getByRole('checkbox', { name: 'Rangehood cleaning' }));
    expect(summary.textContent).not.toContain('Rangehood cleaning');
    await next(user);
    await user.click(screen.getByRole('radio', { name: 'Urgent Today/Tomorrow' }));
    await next(user);
    expect((screen.getByRole('textbox', { name: /Property Address/ }) as HTMLInputElement).value).toBe(
      'Box Hill, VIC',
    );
  });

  it('end of lease asks about carpets and adds the carpet areas only on yes', async () => {
    const { user } = renderWizard({ service: 'end-of-lease' });
    expect(stepText()).toBe('Step 1 of 7');
    await next(user);
    await user.click(
      within(screen.getByRole('group', { name: /Bedrooms/ })).getByRole('radio', { name: '2' }),
    );
    await user.click(
      within(screen.getByRole('group', { name: /Bathrooms/ })).getByRole('radio', { name: '1' }),
    );
    await next(user);
    expect(screen.getByRole('heading', { name: 'Do you need carpet steam cleaning?' })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Yes, add carpet steam cleaning' }));
    expect(stepText()).toBe('Step 3 of 8');
    await next(user);
    expect(screen.getByRole('heading', { name: 'Which carpeted areas need cleaning?' })).toBeTruthy();
  });

  it('carpet counters stop at the room maximum and at zero, and list the selected areas', async () => {
    const { user } = renderWizard({ service: 'carpet-clean' });
    await next(user);
    const remove = screen.getByRole('button', { name: 'Remove one staircase' });
    const add = screen.getByRole('button', { name: 'Add one staircase' });
    expect(remove.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('No rooms added yet.')).toBeTruthy();
    for (let press = 0; press < 5; press += 1) await user.click(add);
    expect(add.getAttribute('aria-disabled')).toBe('true');
    expect(remove.getAttribute('aria-disabled')).toBeNull();
    const counter = screen.getByRole('group', { name: /Staircases/ });
    expect(within(counter).getByRole('status').textContent).toBe('Staircases: 3 (maximum)');
    const summary = screen.getByRole('region', { name: 'Selected Areas' });
    expect(summary.textContent).toContain('Staircases');
    expect(summary.textContent).toContain('3 room(s)');
    expect(nextButton().getAttribute('aria-disabled')).toBeNull();
    for (let press = 0; press < 3; press += 1) await user.click(remove);
    expect(screen.getByText('No rooms added yet.')).toBeTruthy();
    expect(nextButton().getAttribute('aria-disabled')).toBe('true');
  });

  it('window details take a panel count between 1 and 500', async () => {
    const { user } = renderWizard({ service: 'window-clean' });
    await next(user);
    const panels = screen.getByRole('spinbutton', { name: /Number of window panels/ });
    expect(panels.getAttribute('min')).toBe('1');
    expect(panels.getAttribute('max')).toBe('500');
    await user.type(panels, '0');
    expect(nextButton().getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('status', { name: '' }).textContent).toContain('Enter at least 1 window panel');
    await user.clear(panels);
    await user.type(panels, '12');
    await user.click(screen.getByRole('radio', { name: 'Both sides Inside and out' }));
    expect(screen.getByRole('region', { name: 'Your window clean' }).textContent).toContain('12');
    expect(nextButton().getAttribute('aria-disabled')).toBeNull();
  });

  it('NDIS case-manager bookings reveal the case manager fields', async () => {
    const { user } = renderWizard({ service: 'ndis-cleaning' });
    await next(user);
    expect(screen.queryByRole('textbox', { name: /Case Manager Name/ })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Case manager I am booking on behalf of a client' }));
    const name = screen.getByRole('textbox', { name: /Case Manager Name/ });
    expect(name.hasAttribute('required')).toBe(true);
    expect(screen.getByRole('textbox', { name: /Organisation/ }).hasAttribute('required')).toBe(false);
    expect(nextButton().getAttribute('aria-disabled')).toBe('true');
    await user.type(name, 'Sam Coordinator');
    await user.type(screen.getByRole('textbox', { name: /Case Manager Phone/ }), '03 5550 0123');
    await user.type(screen.getByRole('textbox', { name: /Case Manager Email/ }), 'sam@support.example.org');
    expect(nextButton().getAttribute('aria-disabled')).toBeNull();
  });
});

describe('<QuoteWizard/> case manager updates', () => {
  async function caseManagerDetails(user: ReturnType<typeof userEvent.setup>) {
    await next(user);
    expect(screen.queryByRole('checkbox', { name: 'Email me when this request moves on' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Case manager I am booking on behalf of a client' }));
    await user.type(screen.getByRole('textbox', { name: /Case Manager Name/ }), 'Sam Coordinator');
    await user.type(screen.getByRole('textbox', { name: /Case Manager Phone/ }), '03 5550 0123');
    await user.type(screen.getByRole('textbox', { name: /Case Manager Email/ }), 'sam@support.example.org');
  }

  async function finish(user: ReturnType<typeof userEvent.setup>) {
    await next(user);
    await user.click(screen.getByRole('radio', { name: 'This week within 7 days' }));
    await next(user);
    await user.type(screen.getByRole('textbox', { name: /Full Name/ }), 'Alex Citizen');
    await user.type(screen.getByRole('textbox', { name: /Phone Number/ }), '0491 570 156');
    await user.type(screen.getByRole('textbox', { name: /Email Address/ }), 'alex@example.com');
    await user.type(screen.getByRole('textbox', { name: /Property Address/ }), '1 Example St, Box Hill, VIC');
    await next(user);
    await user.click(screen.getByRole('checkbox', { name: /I have read and agree/ }));
    await next(user);
    await next(user);
  }

  it('offers a case manager an unticked box; ticked, it is kept across steps and submitted', async () => {
    const { user, submissions } = renderWizard({ service: 'ndis-cleaning' });
    await caseManagerDetails(user);
    const box = screen.getByRole('checkbox', { name: 'Email me when this request moves on' });
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(box.getAttribute('name')).toBe('caseManagerUpdates');
    await user.click(box);
    await next(user);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(
      (screen.getByRole('checkbox', { name: 'Email me when this request moves on' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    await finish(user);
    expect(submissions).toHaveLength(1);
    expect(quoteRequestSchema.safeParse(submissions[0]?.request).success).toBe(true);
    expect(submissions[0]?.request).toMatchObject({
      ndisClientType: 'case-manager',
      caseManagerEmail: 'sam@support.example.org',
      caseManagerUpdates: true,
    });
  });

  it('sends no updates request when the box is left unticked', async () => {
    const { user, submissions } = renderWizard({ service: 'ndis-cleaning' });
    await caseManagerDetails(user);
    await finish(user);
    expect(submissions).toHaveLength(1);
    expect(submissions[0]?.request.caseManagerEmail).toBe('sam@support.example.org');
    expect(submissions[0]?.request).not.toHaveProperty('caseManagerUpdates');
  });
});

const finalStepDraft: Partial<QuoteDraft> = {
  stepIndex: 5,
  answers: {
    serviceType: 'deep-clean',
    bedrooms: '2',
    bathrooms: '1',
    urgency: 'next-week',
    name: 'Alex Citizen',
    email: 'alex@example.com',
    phone: '0491 570 156',
    address: '1 Example St, Box Hill, VIC',
    termsAccepted: true,
    specialRequests: 'Keys under the mat',
    carpetAreas: [],
    carpetRoomCounts: {},
    cleaningFocus: [],
    windowScope: [],
    caseManagerName: '',
    caseManagerPhone: '',
    caseManagerEmail: '',
    caseManagerOrganization: '',
    caseManagerUpdates: false,
  },
};

describe('<QuoteWizard/> drafts and failures', () => {
  it('restores a stored draft after mount, with its step and answers', async () => {
    renderWizard({}, finalStepDraft);
    expect(await screen.findByText('Step 6 of 6')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /Special requests/ }) as HTMLTextAreaElement).value).toBe(
      'Keys under the mat',
    );
    // Restoring is not a step change the visitor made: focus stays where the host page had it.
    expect(document.activeElement).toBe(document.body);
  });

  it('saves changes as a draft within a second', async () => {
    const { user, storage } = renderWizard();
    await user.click(screen.getByRole('radio', { name: 'Window Cleaning Inside, outside or both' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    const stored = JSON.parse(storage.getItem(draftStorageKey()) ?? '{}') as QuoteDraft;
    expect(stored.answers.serviceType).toBe('window-clean');
    expect(stored.version).toBe(1);
  });

  it('shows a failed submission with its message, keeps the answers and retries with the same key', async () => {
    let attempts = 0;
    const submitQuote = vi.fn<SubmitQuoteFunction>(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('Server unavailable');
      return { reference: 'CQ-RETRY234' };
    });
    const { user, onError, onSubmitted } = renderWizard({ submitQuote }, finalStepDraft);
    await screen.findByText('Step 6 of 6');
    await next(user);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Server unavailable');
    expect(onError).toHaveBeenCalledWith({ message: 'Server unavailable' });
    expect(onSubmitted).not.toHaveBeenCalled();
    expect((screen.getByRole('textbox', { name: /Special requests/ }) as HTMLTextAreaElement).value).toBe(
      'Keys under the mat',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onSubmitted).toHaveBeenCalledWith({ reference: 'CQ-RETRY234' });
    const keys = submitQuote.mock.calls.map(([submission]) => submission.idempotencyKey);
    expect(keys).toEqual([KEY, KEY]);
  });

  it('shows its contact (a call button) beside a refused submission', async () => {
    const refusal = 'This site is not allowed to send quote requests with this partner key.';
    const submitQuote = vi.fn<SubmitQuoteFunction>(async () => {
      throw new Error(refusal);
    });
    const contact = <a href="tel:+61355500123">Call (03) 5550 0123</a>;
    const { user, onError } = renderWizard({ submitQuote, contact }, finalStepDraft);
    await screen.findByText('Step 6 of 6');
    await next(user);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(refusal);
    expect(onError).toHaveBeenCalledWith({ message: refusal });
    const call = screen.getByRole('link', { name: 'Call (03) 5550 0123' });
    expect(call.getAttribute('href')).toBe('tel:+61355500123');
  });

  it('shows its contact (a call button) with the reference once the quote is acknowledged', async () => {
    const contact = <a href="tel:+61355500123">Call (03) 5550 0123</a>;
    const { user } = renderWizard({ contact }, finalStepDraft);
    await screen.findByText('Step 6 of 6');
    await next(user);
    expect((await screen.findByText('CQ-TEST2345')).tagName).toBe('STRONG');
    expect(screen.getByText(/within 24 hours/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Call (03) 5550 0123' })).toBeTruthy();
  });

  it('adds its label to the names of its form and regions, so two wizards never share one', () => {
    renderWizard({ label: 'Oven Cleaning' });
    expect(screen.getByRole('form', { name: 'Get Your Cleaning Quote (Oven Cleaning)' })).toBeTruthy();
    expect(screen.getByRole('region', { name: /\(Oven Cleaning\)$/ })).toBeTruthy();
  });

  it('shows Submitting... and keeps Next unavailable while the request is in flight', async () => {
    const submitQuote = vi.fn<SubmitQuoteFunction>(() => new Promise(() => {}));
    const { user } = renderWizard({ submitQuote }, finalStepDraft);
    await screen.findByText('Step 6 of 6');
    await next(user);
    const button = screen.getByRole('button', { name: 'Submitting...' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await user.click(button);
    expect(submitQuote).toHaveBeenCalledTimes(1);
  });

  it('never reports success without a reference', async () => {
    const submitQuote = vi.fn<SubmitQuoteFunction>(async () => ({ reference: '' }));
    const { user, onSubmitted } = renderWizard({ submitQuote }, finalStepDraft);
    await screen.findByText('Step 6 of 6');
    await next(user);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(onSubmitted).not.toHaveBeenCalled();
  });
});
