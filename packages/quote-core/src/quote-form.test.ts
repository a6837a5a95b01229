import { describe, expect, it } from 'vitest';
import { emptyAnswers, normalizeAnswers, type QuoteAnswers } from './quote-answers.ts';
import {
  adoptionEvents,
  answersFromForm,
  decideQuoteForm,
  hiddenAnswerFields,
  parseQuoteFormState,
  type QuoteFormOutcome,
  serializeQuoteFormState,
} from './quote-form.ts';
import { checkStep, toSubmission } from './quote-rules.ts';
import { readQuoteForm } from './server.ts';
import type { StepId } from './step-plan.ts';
import { validAnswers } from './test-fixtures.ts';

const KEY = 'form-key-1234-5678';

/**
 * What a browser posts from the wizard's form on `step`: the hidden fields the wizard renders, plus
 * the step's own inputs as the visitor left them (written out here by hand, field by field).
 */
function post(
  step: StepId,
  answers: QuoteAnswers,
  own: Record<string, string | string[]>,
  action = 'next',
  key: string | undefined = KEY,
): URLSearchParams {
  const form = new URLSearchParams(hiddenAnswerFields(answers, step));
  for (const [name, value] of Object.entries(own)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  }
  form.append('step', step);
  if (key) form.append('idempotencyKey', key);
  form.append('action', action);
  return form;
}

const decide = (form: URLSearchParams) => decideQuoteForm(readQuoteForm(form));

function shown(outcome: QuoteFormOutcome) {
  expect(outcome.kind).toBe('show');
  return outcome.state;
}

describe('reading a posted form', () => {
  it('reads every kind of answer from form fields', () => {
    const answers = answersFromForm(
      new URLSearchParams(
        'serviceType=end-of-lease&bedrooms=2&bathrooms=1&carpetNeeded=yes' +
          '&carpetRoomCounts.bedrooms=2&carpetRoomCounts.hallways=1&carpetRoomCounts.studies=0' +
          '&urgency=urgent-today&name=Alex+Citizen&email=alex%40example.com&phone=0491+570+156' +
          '&address=1+Example+St&termsAccepted=true&howFoundUs=web-search&specialRequests=Gate+code+12',
      ),
    );
    expect(answers).toEqual({
      ...emptyAnswers(),
      serviceType: 'end-of-lease',
      bedrooms: '2',
      bathrooms: '1',
      carpetNeeded: 'yes',
      carpetRoomCounts: { bedrooms: 2, hallways: 1 },
      carpetAreas: ['bedrooms', 'hallways'],
      urgency: 'urgent-today',
      name: 'Alex Citizen',
      email: 'alex@example.com',
      phone: '0491 570 156',
      address: '1 Example St',
      termsAccepted: true,
      howFoundUs: 'web-search',
      specialRequests: 'Gate code 12',
    });
  });

  it('reads lists from repeated fields, panel counts as the panel input does, and drops what was not offered', () => {
    const answers = answersFromForm(
      new URLSearchParams(
        'serviceType=window-clean&windowPanels=12&propertyType=both-sides' +
          '&windowScope=window-frames&windowScope=glass-doors&windowScope=free-pizza&cleaningFocus=rangehood',
      ),
    );
    expect(answers.windowPanels).toBe(12);
    expect(answers.windowScope).toEqual(['glass-doors', 'window-frames']);
    expect(answers.cleaningFocus).toEqual(['rangehood']);
    expect(answersFromForm(new URLSearchParams('windowPanels=lots')).windowPanels).toBe(0);
    expect(answersFromForm(new URLSearchParams('windowPanels=')).windowPanels).toBeUndefined();
    const forged = answersFromForm(
      new URLSearchParams('serviceType=free-clean&bedrooms=9&termsAccepted=yes&carpetRoomCounts.bedrooms=99'),
    );
    expect(forged.serviceType).toBeUndefined();
    expect(forged.bedrooms).toBeUndefined();
    expect(forged.termsAccepted).toBe(false);
    expect(forged.carpetRoomCounts).toEqual({ bedrooms: 6 });
  });

  it('carries every answer not asked on the step in hidden fields, so a post loses nothing', () => {
    const answers = validAnswers('end-of-lease+carpet', { specialRequests: 'Keys in the letterbox' });
    const hidden = hiddenAnswerFields(answers, 'timing');
    const names = hidden.map(([name]) => name);
    expect(names).not.toContain('urgency');
    expect(names).not.toContain('carpetAreas');
    expect(hidden).toContainEqual(['carpetRoomCounts.bedrooms', '2']);
    expect(hidden).toContainEqual(['termsAccepted', 'true']);
    expect(hidden).toContainEqual(['specialRequests', 'Keys in the letterbox']);
    const posted = readQuoteForm(post('timing', answers, { urgency: 'this-week' }));
    expect(normalizeAnswers(posted.answers)).toEqual(normalizeAnswers(answers));
    expect(posted).toMatchObject({ step: 'timing', idempotencyKey: KEY, action: { type: 'next' } });
  });

  it("carries the case manager's updates box across steps: ticked stays ticked, unticked posts nothing", () => {
    const ticked = validAnswers('ndis-aged-care+case-manager', { caseManagerUpdates: true });
    expect(hiddenAnswerFields(ticked, 'timing')).toContainEqual(['caseManagerUpdates', 'true']);
    // On its own step the box is the form's input, not a hidden copy.
    expect(hiddenAnswerFields(ticked, 'ndis-client-details').map(([name]) => name)).not.toContain(
      'caseManagerUpdates',
    );
    expect(readQuoteForm(post('timing', ticked, { urgency: 'this-week' })).answers.caseManagerUpdates).toBe(
      true,
    );
    const untickedOnItsStep = readQuoteForm(
      post('ndis-client-details', ticked, {
        ndisClientType: 'case-manager',
        caseManagerName: 'Sam Coordinator',
        caseManagerPhone: '03 5550 0123',
        caseManagerEmail: 'sam@support.example.org',
      }),
    );
    expect(untickedOnItsStep.answers.caseManagerUpdates).toBe(false);
    expect(answersFromForm(new URLSearchParams('caseManagerUpdates=yes')).caseManagerUpdates).toBe(false);
  });

  it('reads the pressed button; a post without one is Next', () => {
    const form = (action: string) => readQuoteForm(new URLSearchParams(`action=${action}`)).action;
    expect(form('back')).toEqual({ type: 'back' });
    expect(form('add:hallways')).toEqual({ type: 'add', room: 'hallways' });
    expect(form('remove:bedrooms')).toEqual({ type: 'remove', room: 'bedrooms' });
    expect(form('add:garage')).toEqual({ type: 'next' });
    expect(readQuoteForm(new URLSearchParams('serviceType=oven-clean')).action).toEqual({ type: 'next' });
  });

  it('takes how the visitor found us by its wording on the server; the page itself posts ids', () => {
    const form = new URLSearchParams('howFoundUs=+friend+RECOMMENDATION+&cleaningFocus=Double+oven');
    expect(readQuoteForm(form).answers).toMatchObject({
      howFoundUs: 'friend-recommendation',
      cleaningFocus: [],
    });
    expect(decideQuoteForm(readQuoteForm(form)).state.answers.howFoundUs).toBe('friend-recommendation');
    expect(answersFromForm(form).howFoundUs).toBeUndefined();
    expect(answersFromForm(new URLSearchParams('howFoundUs=web-search')).howFoundUs).toBe('web-search');
  });
});

describe('deciding a posted form with the wizard machine', () => {
  it('moves on to the next step of the chosen service, keeping the pre-filled answers', () => {
    const prefilled = { ...emptyAnswers(), address: 'Box Hill, VIC' };
    const state = shown(
      decide(post('service-type', prefilled, { serviceType: 'window-clean' }, 'next', undefined)),
    );
    expect(state.stepIndex).toBe(1);
    expect(state.showErrors).toBe(false);
    expect(state.answers).toMatchObject({ serviceType: 'window-clean', address: 'Box Hill, VIC' });
    // The first post has no key yet: the server's answer carries a new one from then on.
    expect(state.idempotencyKey).toMatch(/^[\w-]{8,128}$/);
  });

  it('answers a step with a missing answer with the same step, its messages shown and every answer kept', () => {
    const answers = validAnswers('regular-clean', { name: '', email: '', phone: '', address: '' });
    const state = shown(
      decide(
        post('contact-info', answers, {
          name: 'Alex Citizen',
          phone: '0491 570 156',
          email: '',
          address: '1 Example St',
        }),
      ),
    );
    expect(state.stepIndex).toBe(3);
    expect(state.showErrors).toBe(true);
    expect(state.idempotencyKey).toBe(KEY);
    expect(state.answers).toMatchObject({ name: 'Alex Citizen', phone: '0491 570 156', bedrooms: '3' });
    expect(checkStep('contact-info', state.answers)).toEqual({ email: 'Enter your email address' });
  });

  it('checks the answer itself, whatever the browser let through', () => {
    const state = shown(
      decide(post('window-details', validAnswers('window-clean'), { windowPanels: '9000' })),
    );
    expect(state.stepIndex).toBe(1);
    expect(state.showErrors).toBe(true);
    expect(checkStep('window-details', state.answers)).toEqual({
      windowPanels: 'For more than 500 window panels, please call us',
    });
  });

  it('goes back one step, keeping what was answered on the step it left', () => {
    const answers = validAnswers('oven-clean', { urgency: undefined });
    const state = shown(decide(post('timing', answers, { urgency: 'next-week' }, 'back')));
    expect(state.stepIndex).toBe(1);
    expect(state.showErrors).toBe(false);
    expect(state.answers.urgency).toBe('next-week');
  });

  it('counts carpet rooms with the counters, up to each room maximum', () => {
    const answers = validAnswers('carpet-clean');
    const added = shown(decide(post('standalone-carpet-areas', answers, {}, 'add:staircases')));
    expect(added.stepIndex).toBe(1);
    expect(added.showErrors).toBe(false);
    expect(added.answers.carpetRoomCounts).toEqual({ 'living-rooms': 1, staircases: 1 });
    expect(added.answers.carpetAreas).toEqual(['living-rooms', 'staircases']);
    const full = { ...answers, carpetRoomCounts: { staircases: 3 }, carpetAreas: ['staircases' as const] };
    expect(
      shown(decide(post('standalone-carpet-areas', full, {}, 'add:staircases'))).answers.carpetRoomCounts,
    ).toEqual({ staircases: 3 });
    expect(
      shown(decide(post('standalone-carpet-areas', answers, {}, 'remove:bedrooms'))).answers.carpetRoomCounts,
    ).toEqual({ 'living-rooms': 1 });
    // Counters only act on the step that shows them.
    expect(
      shown(decide(post('timing', answers, { urgency: 'this-week' }, 'add:bedrooms'))).answers
        .carpetRoomCounts,
    ).toEqual({ 'living-rooms': 1 });
  });

  it('never skips a step that does not pass, even when the form names a later one', () => {
    const state = shown(decide(post('final-details', { ...emptyAnswers(), serviceType: 'deep-clean' }, {})));
    expect(state.stepIndex).toBe(1);
    expect(state.showErrors).toBe(true);
  });

  it('asks to store the quote on the final step once every step passes, under the form key', () => {
    const answers = validAnswers('end-of-lease+carpet', { howFoundUs: undefined });
    const outcome = decide(
      post('final-details', answers, { howFoundUs: 'friend-recommendation', specialRequests: '' }),
    );
    expect(outcome.kind).toBe('submit');
    if (outcome.kind !== 'submit') return;
    expect(outcome.state.idempotencyKey).toBe(KEY);
    expect(outcome.submission).toEqual(toSubmission({ ...answers, howFoundUs: 'friend-recommendation' }));
  });

  it("submits the ticked case manager's updates box with the rest of the answers", () => {
    const answers = validAnswers('ndis-aged-care+case-manager');
    const ndis = shown(
      decide(
        post('ndis-client-details', answers, {
          ndisClientType: 'case-manager',
          caseManagerName: 'Sam Coordinator',
          caseManagerPhone: '03 5550 0123',
          caseManagerEmail: 'sam@support.example.org',
          caseManagerUpdates: 'true',
        }),
      ),
    );
    expect(ndis.stepIndex).toBe(2);
    expect(ndis.answers.caseManagerUpdates).toBe(true);
    const outcome = decide(post('final-details', ndis.answers, {}));
    expect(outcome.kind).toBe('submit');
    if (outcome.kind !== 'submit') return;
    expect(outcome.submission).toMatchObject({
      caseManagerEmail: 'sam@support.example.org',
      caseManagerUpdates: true,
    });
  });
});

describe('the state a page carries for hydration', () => {
  it('reads back what was written, and nothing else', () => {
    const state = {
      answers: validAnswers('oven-clean'),
      stepIndex: 2,
      idempotencyKey: KEY,
      showErrors: true,
    };
    expect(parseQuoteFormState(JSON.parse(serializeQuoteFormState(state)))).toEqual(state);
    expect(
      parseQuoteFormState(JSON.parse(serializeQuoteFormState({ ...state, error: 'Down' }))),
    ).toMatchObject({
      error: 'Down',
    });
    expect(parseQuoteFormState({ ...state, version: 2 })).toBeUndefined();
    expect(
      parseQuoteFormState({ version: 1, answers: {}, stepIndex: 0, idempotencyKey: '<script>' }),
    ).toBeUndefined();
    expect(parseQuoteFormState('nonsense')).toBeUndefined();
  });
});

describe('answers given before the script ran', () => {
  it('become the events the machine would have received', () => {
    const answers = validAnswers('oven-clean', { cleaningFocus: ['rangehood'] });
    const inForm = { ...answers, ovenType: '60cm-oven' as const, cleaningFocus: ['oven-racks' as const] };
    expect(adoptionEvents(answers, 'oven-details', inForm)).toEqual([
      { type: 'SET_ANSWER', field: 'ovenType', value: '60cm-oven' },
      { type: 'TOGGLE_EXTRA', field: 'cleaningFocus', value: 'rangehood' },
      { type: 'TOGGLE_EXTRA', field: 'cleaningFocus', value: 'oven-racks' },
    ]);
    expect(
      adoptionEvents(emptyAnswers(), 'service-type', { ...emptyAnswers(), serviceType: 'carpet-clean' }),
    ).toEqual([{ type: 'CHOOSE_SERVICE', serviceType: 'carpet-clean' }]);
    expect(adoptionEvents(answers, 'contact-info', { ...answers, name: 'Sam' })).toEqual([
      { type: 'SET_ANSWER', field: 'name', value: 'Sam' },
    ]);
    expect(adoptionEvents(answers, 'oven-details', answers)).toEqual([]);
  });
});
