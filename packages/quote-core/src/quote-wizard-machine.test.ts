import { describe, expect, it } from 'vitest';
import { type Actor, createActor, fromPromise, waitFor } from 'xstate';
import type { QuoteDraft } from './draft.ts';
import type { QuoteAnswers } from './quote-answers.ts';
import { ROOM_MAXIMUMS, SERVICE_CARD_SLUGS } from './quote-options.ts';
import { quoteRequestSchema } from './quote-request.ts';
import {
  type QuoteWizardEmitted,
  type QuoteWizardEvent,
  type QuoteWizardInput,
  quoteWizardMachine,
  SUBMISSION_FALLBACK_ERROR,
  type SubmitQuoteInput,
  type SubmitQuoteOutput,
  selectCurrentStep,
  selectIsLastStep,
  selectProgress,
  selectStepErrors,
  selectStepNumber,
} from './quote-wizard-machine.ts';
import { FLOW_NAMES, type FlowName, SPEC_SEQUENCES, validAnswers } from './test-fixtures.ts';

const KEY = '3f0e2a56-1111-4222-8333-444455556666';

type Server = (input: SubmitQuoteInput) => Promise<SubmitQuoteOutput>;

/** A started wizard with a fake server and recorded draft calls. */
function startWizard(input: QuoteWizardInput = {}, server: Server = async () => ({ reference: 'CQ-1001' })) {
  const drafts: QuoteDraft[] = [];
  const requests: SubmitQuoteInput[] = [];
  const emitted: QuoteWizardEmitted[] = [];
  const counters = { draftsCleared: 0 };
  const machine = quoteWizardMachine.provide({
    actors: {
      submitQuote: fromPromise<SubmitQuoteOutput, SubmitQuoteInput>(async ({ input: request }) => {
        requests.push(request);
        return server(request);
      }),
    },
    actions: {
      saveDraft: (_, { draft }) => {
        drafts.push(draft);
      },
      clearDraft: () => {
        counters.draftsCleared += 1;
      },
    },
  });
  const actor = createActor(machine, { input: { idempotencyKey: KEY, ...input } });
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, drafts, requests, emitted, counters };
}

type WizardActor = Actor<typeof quoteWizardMachine>;

const step = (actor: WizardActor) => selectCurrentStep(actor.getSnapshot());
const answers = (actor: WizardActor) => actor.getSnapshot().context.answers;
const can = (actor: WizardActor, event: QuoteWizardEvent) => actor.getSnapshot().can(event);

/** The events a visitor sends to answer the current step with `target`'s answers. */
function eventsForStep(stepId: string, target: QuoteAnswers): QuoteWizardEvent[] {
  switch (stepId) {
    case 'service-type':
      return target.serviceType ? [{ type: 'CHOOSE_SERVICE', serviceType: target.serviceType }] : [];
    case 'property-size':
      return [
        { type: 'SET_ANSWER', field: 'bedrooms', value: target.bedrooms },
        { type: 'SET_ANSWER', field: 'bathrooms', value: target.bathrooms },
        { type: 'SET_ANSWER', field: 'propertyType', value: target.propertyType },
      ];
    case 'carpet-question':
      return [{ type: 'SET_ANSWER', field: 'carpetNeeded', value: target.carpetNeeded }];
    case 'carpet-areas':
    case 'standalone-carpet-areas':
      return Object.entries(target.carpetRoomCounts).flatMap(([room, count]) =>
        Array.from({ length: count ?? 0 }, () => ({ type: 'INCREMENT_ROOM', room }) as QuoteWizardEvent),
      );
    case 'oven-details':
      return [
        { type: 'SET_ANSWER', field: 'ovenType', value: target.ovenType },
        { type: 'SET_ANSWER', field: 'ovenCondition', value: target.ovenCondition },
        ...target.cleaningFocus.map(
          (value) => ({ type: 'TOGGLE_EXTRA', field: 'cleaningFocus', value }) as const,
        ),
      ];
    case 'window-details':
      return [
        { type: 'SET_WINDOW_PANELS_TEXT', text: String(target.windowPanels) },
        { type: 'SET_ANSWER', field: 'propertyType', value: target.propertyType },
        ...target.windowScope.map(
          (value) => ({ type: 'TOGGLE_EXTRA', field: 'windowScope', value }) as const,
        ),
      ];
    case 'ndis-client-details':
      return (
        [
          'ndisClientType',
          'caseManagerName',
          'caseManagerPhone',
          'caseManagerEmail',
          'caseManagerOrganization',
        ] as const
      ).map((field) => ({ type: 'SET_ANSWER', field, value: target[field] }) as QuoteWizardEvent);
    case 'timing':
      return [{ type: 'SET_ANSWER', field: 'urgency', value: target.urgency }];
    case 'contact-info':
      return (['name', 'phone', 'email', 'address'] as const).map(
        (field) => ({ type: 'SET_ANSWER', field, value: target[field] }) as QuoteWizardEvent,
      );
    case 'terms-agreement':
      return [{ type: 'SET_ANSWER', field: 'termsAccepted', value: true }];
    default:
      return [];
  }
}

/** Answers every step of `flow` and presses Next until the final step. Returns the visited steps. */
function fillFlow(actor: WizardActor, flow: FlowName): string[] {
  const target = validAnswers(flow);
  const visited = [step(actor)];
  while (!selectIsLastStep(actor.getSnapshot())) {
    for (const event of eventsForStep(step(actor), target)) actor.send(event);
    expect(can(actor, { type: 'NEXT' }), `Next on ${step(actor)}`).toBe(true);
    actor.send({ type: 'NEXT' });
    visited.push(step(actor));
  }
  return visited;
}

describe('navigation', () => {
  it('starts on service-type, step 1 of 6, with Back and Next blocked', () => {
    const { actor } = startWizard();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('editing');
    expect(step(actor)).toBe('service-type');
    expect(selectStepNumber(snapshot)).toEqual({ number: 1, total: 6 });
    expect(selectProgress(snapshot)).toBeCloseTo(1 / 6);
    expect(can(actor, { type: 'BACK' })).toBe(false);
    expect(can(actor, { type: 'NEXT' })).toBe(false);
    expect(selectStepErrors(snapshot)).toEqual({ serviceType: 'Choose a service' });
  });

  it('ignores BACK on the first step', () => {
    const { actor, drafts } = startWizard();
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().context.stepIndex).toBe(0);
    expect(drafts).toHaveLength(0);
  });

  it('ignores NEXT while the step does not pass', () => {
    const { actor } = startWizard({ service: 'deep-cleaning' });
    actor.send({ type: 'NEXT' });
    expect(step(actor)).toBe('property-size');
    actor.send({ type: 'NEXT' });
    expect(step(actor)).toBe('property-size');
    actor.send({ type: 'SET_ANSWER', field: 'bedrooms', value: '2' });
    expect(can(actor, { type: 'NEXT' })).toBe(false);
    actor.send({ type: 'SET_ANSWER', field: 'bathrooms', value: '1' });
    expect(can(actor, { type: 'NEXT' })).toBe(true);
  });

  it('goes back one step and forward again', () => {
    const { actor } = startWizard({ service: 'oven-clean' });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'SET_ANSWER', field: 'ovenType', value: '60cm-oven' });
    actor.send({ type: 'NEXT' });
    expect(step(actor)).toBe('timing');
    actor.send({ type: 'BACK' });
    expect(step(actor)).toBe('oven-details');
    expect(answers(actor).ovenType).toBe('60cm-oven');
  });

  it.each(FLOW_NAMES)('walks every step of the %s flow in order, to full progress', (flow) => {
    const { actor } = startWizard();
    expect(fillFlow(actor, flow)).toEqual(SPEC_SEQUENCES[flow]);
    const snapshot = actor.getSnapshot();
    expect(selectProgress(snapshot)).toBe(1);
    expect(selectStepNumber(snapshot)).toEqual({
      number: SPEC_SEQUENCES[flow].length,
      total: SPEC_SEQUENCES[flow].length,
    });
  });

  it('goes to the first failing step when Next is pressed on the last step with an earlier gap', () => {
    const { actor } = startWizard();
    fillFlow(actor, 'regular-clean');
    actor.send({ type: 'SET_ANSWER', field: 'phone', value: '' });
    expect(can(actor, { type: 'NEXT' })).toBe(true);
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(step(actor)).toBe('contact-info');
  });
});

describe('plan recomputation', () => {
  it('recomputes the steps when the service changes', () => {
    const { actor } = startWizard();
    actor.send({ type: 'CHOOSE_SERVICE', serviceType: 'end-of-lease' });
    expect(actor.getSnapshot().context.steps).toEqual(SPEC_SEQUENCES['end-of-lease']);
    actor.send({ type: 'CHOOSE_SERVICE', serviceType: 'window-clean' });
    expect(actor.getSnapshot().context.steps).toEqual(SPEC_SEQUENCES['window-clean']);
    expect(selectStepNumber(actor.getSnapshot()).total).toBe(6);
  });

  it('adds and removes carpet-areas when the carpet answer changes', () => {
    const { actor } = startWizard({ service: 'end-of-lease' });
    actor.send({ type: 'SET_ANSWER', field: 'carpetNeeded', value: 'yes' });
    expect(actor.getSnapshot().context.steps).toEqual(SPEC_SEQUENCES['end-of-lease+carpet']);
    actor.send({ type: 'SET_ANSWER', field: 'carpetNeeded', value: 'no' });
    expect(actor.getSnapshot().context.steps).toEqual(SPEC_SEQUENCES['end-of-lease']);
  });

  it('clamps the step index when the current step leaves a shrinking plan', () => {
    const { actor } = startWizard();
    fillFlow(actor, 'end-of-lease+carpet');
    // Back to carpet-areas (index 3), then the carpet answer turns to no.
    for (let i = 0; i < 4; i++) actor.send({ type: 'BACK' });
    expect(step(actor)).toBe('carpet-areas');
    actor.send({ type: 'SET_ANSWER', field: 'carpetNeeded', value: 'no' });
    expect(actor.getSnapshot().context.stepIndex).toBe(3);
    expect(step(actor)).toBe('timing');
  });

  it('stays on the same step when it is still in the new plan', () => {
    const { actor } = startWizard();
    fillFlow(actor, 'end-of-lease+carpet');
    actor.send({ type: 'SET_ANSWER', field: 'carpetNeeded', value: 'no' });
    expect(step(actor)).toBe('final-details');
    expect(selectStepNumber(actor.getSnapshot())).toEqual({ number: 7, total: 7 });
  });

  it('keeps answers of other flows but does not submit them', async () => {
    const { actor, requests } = startWizard({ service: 'oven-clean' });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'SET_ANSWER', field: 'ovenType', value: '90cm-oven' });
    actor.send({ type: 'BACK' });
    actor.send({ type: 'CHOOSE_SERVICE', serviceType: 'window-clean' });
    expect(answers(actor).ovenType).toBe('90cm-oven');
    fillFlow(actor, 'window-clean');
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(requests[0]?.request).not.toHaveProperty('ovenType');
  });

  it('clears a window cleaning type when switching to a property-size flow', () => {
    const { actor } = startWizard({ service: 'window-cleaning' });
    actor.send({ type: 'SET_ANSWER', field: 'propertyType', value: 'both-sides' });
    actor.send({ type: 'CHOOSE_SERVICE', serviceType: 'regular-clean' });
    expect(answers(actor).propertyType).toBeUndefined();
  });
});

describe('carpet counters', () => {
  it('raises a count up to the room maximum and no further', () => {
    const { actor } = startWizard({ service: 'carpet-cleaning' });
    for (let i = 0; i < ROOM_MAXIMUMS.bedrooms; i++) actor.send({ type: 'INCREMENT_ROOM', room: 'bedrooms' });
    expect(answers(actor).carpetRoomCounts.bedrooms).toBe(6);
    expect(can(actor, { type: 'INCREMENT_ROOM', room: 'bedrooms' })).toBe(false);
    actor.send({ type: 'INCREMENT_ROOM', room: 'bedrooms' });
    expect(answers(actor).carpetRoomCounts.bedrooms).toBe(6);
    expect(can(actor, { type: 'INCREMENT_ROOM', room: 'staircases' })).toBe(true);
  });

  it.each(Object.entries(ROOM_MAXIMUMS))('stops %s at %i', (room, max) => {
    const { actor } = startWizard();
    for (let i = 0; i < max + 2; i++) actor.send({ type: 'INCREMENT_ROOM', room: room as never });
    expect(answers(actor).carpetRoomCounts[room as keyof typeof ROOM_MAXIMUMS]).toBe(max);
  });

  it('adds the room kind to carpetAreas on 0→1 and removes it on 1→0', () => {
    const { actor } = startWizard({ service: 'carpet-cleaning' });
    actor.send({ type: 'INCREMENT_ROOM', room: 'hallways' });
    expect(answers(actor).carpetAreas).toEqual(['hallways']);
    actor.send({ type: 'INCREMENT_ROOM', room: 'hallways' });
    expect(answers(actor).carpetAreas).toEqual(['hallways']);
    actor.send({ type: 'INCREMENT_ROOM', room: 'bedrooms' });
    expect(answers(actor).carpetAreas).toEqual(['bedrooms', 'hallways']);
    actor.send({ type: 'DECREMENT_ROOM', room: 'hallways' });
    expect(answers(actor).carpetAreas).toEqual(['bedrooms', 'hallways']);
    actor.send({ type: 'DECREMENT_ROOM', room: 'hallways' });
    expect(answers(actor).carpetAreas).toEqual(['bedrooms']);
    expect(answers(actor).carpetRoomCounts).toEqual({ bedrooms: 1 });
  });

  it('disables and ignores minus at 0', () => {
    const { actor, drafts } = startWizard({ service: 'carpet-cleaning' });
    expect(can(actor, { type: 'DECREMENT_ROOM', room: 'lounges' })).toBe(false);
    actor.send({ type: 'DECREMENT_ROOM', room: 'lounges' });
    expect(answers(actor).carpetRoomCounts).toEqual({});
    expect(answers(actor).carpetAreas).toEqual([]);
    expect(drafts).toHaveLength(0);
  });

  it('enables Next on the carpet step only with at least one room', () => {
    const { actor } = startWizard({ service: 'carpet-cleaning' });
    actor.send({ type: 'NEXT' });
    expect(step(actor)).toBe('standalone-carpet-areas');
    expect(can(actor, { type: 'NEXT' })).toBe(false);
    actor.send({ type: 'INCREMENT_ROOM', room: 'studies' });
    expect(can(actor, { type: 'NEXT' })).toBe(true);
    actor.send({ type: 'DECREMENT_ROOM', room: 'studies' });
    expect(can(actor, { type: 'NEXT' })).toBe(false);
  });
});

describe('extras (select adds, select again removes)', () => {
  it('toggles oven extras', () => {
    const { actor } = startWizard({ service: 'oven-clean' });
    actor.send({ type: 'TOGGLE_EXTRA', field: 'cleaningFocus', value: 'rangehood' });
    actor.send({ type: 'TOGGLE_EXTRA', field: 'cleaningFocus', value: 'oven-racks' });
    expect(answers(actor).cleaningFocus).toEqual(['rangehood', 'oven-racks']);
    actor.send({ type: 'TOGGLE_EXTRA', field: 'cleaningFocus', value: 'rangehood' });
    expect(answers(actor).cleaningFocus).toEqual(['oven-racks']);
  });

  it('toggles window extras', () => {
    const { actor } = startWizard({ service: 'window-cleaning' });
    actor.send({ type: 'TOGGLE_EXTRA', field: 'windowScope', value: 'security-screens' });
    expect(answers(actor).windowScope).toEqual(['security-screens']);
    actor.send({ type: 'TOGGLE_EXTRA', field: 'windowScope', value: 'security-screens' });
    expect(answers(actor).windowScope).toEqual([]);
  });
});

describe('window panels from the input text', () => {
  it.each([
    ['12', 12, true],
    ['500', 500, true],
    ['1', 1, true],
    ['7 panels', 7, true],
    ['abc', 0, false],
    ['', 0, false],
    ['0', 0, false],
    ['501', 501, false],
    ['-3', -3, false],
  ])('reads %j as %i (Next enabled: %s)', (text, panels, nextEnabled) => {
    const { actor } = startWizard({ service: 'window-cleaning' });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'SET_WINDOW_PANELS_TEXT', text });
    expect(answers(actor).windowPanels).toBe(panels);
    expect(can(actor, { type: 'NEXT' })).toBe(nextEnabled);
  });
});

describe('pre-fill from the query string', () => {
  const expected: Record<(typeof SERVICE_CARD_SLUGS)[number], string> = {
    'regular-cleaning': 'regular-clean',
    'deep-cleaning': 'deep-clean',
    'end-of-lease': 'end-of-lease',
    'carpet-cleaning': 'carpet-clean',
    'window-cleaning': 'window-clean',
    'oven-clean': 'oven-clean',
    'ndis-cleaning': 'ndis-aged-care',
    'commercial-cleaning': 'regular-clean',
  };

  it.each(SERVICE_CARD_SLUGS)('pre-selects the service for ?service=%s, on step 1', (slug) => {
    const { actor } = startWizard({ service: slug });
    expect(answers(actor).serviceType).toBe(expected[slug]);
    expect(step(actor)).toBe('service-type');
    expect(can(actor, { type: 'NEXT' })).toBe(true);
  });

  it('ignores an unknown service slug but still fills the address', () => {
    const { actor } = startWizard({ service: 'spring-clean', suburb: 'box-hill' });
    expect(answers(actor).serviceType).toBeUndefined();
    expect(answers(actor).address).toBe('Box Hill, VIC');
  });

  it('fills the address from any suburb slug', () => {
    expect(answers(startWizard({ suburb: 'st-kilda' }).actor).address).toBe('St Kilda, VIC');
    expect(answers(startWizard({ suburb: 'nowhere-at-all' }).actor).address).toBe('Nowhere At All, VIC');
  });
});

describe('drafts', () => {
  it('saves a draft on every answer and step change', () => {
    const { actor, drafts } = startWizard();
    actor.send({ type: 'CHOOSE_SERVICE', serviceType: 'deep-clean' });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'SET_ANSWER', field: 'bedrooms', value: '4' });
    expect(drafts).toHaveLength(3);
    expect(drafts.at(-1)).toEqual({
      version: 1,
      answers: expect.objectContaining({ serviceType: 'deep-clean', bedrooms: '4' }),
      stepIndex: 1,
      idempotencyKey: KEY,
    });
  });

  it('restores answers, step and idempotency key from a draft', () => {
    const first = startWizard();
    fillFlow(first.actor, 'window-clean');
    const draft = JSON.parse(JSON.stringify(first.drafts.at(-1)));
    const { actor } = startWizard({ draft, idempotencyKey: 'a-new-key-from-the-host' });
    expect(step(actor)).toBe('final-details');
    expect(answers(actor)).toEqual(answers(first.actor));
    expect(actor.getSnapshot().context.idempotencyKey).toBe(KEY);
  });

  it('never restores past a step that does not pass', () => {
    const draft: QuoteDraft = {
      version: 1,
      answers: validAnswers('regular-clean', { email: '' }),
      stepIndex: 5,
      idempotencyKey: KEY,
    };
    expect(step(startWizard({ draft }).actor)).toBe('contact-info');
  });

  it('clamps a step index beyond the plan', () => {
    const draft: QuoteDraft = {
      version: 1,
      answers: validAnswers('oven-clean'),
      stepIndex: 42,
      idempotencyKey: KEY,
    };
    expect(step(startWizard({ draft }).actor)).toBe('final-details');
  });

  it('lets draft answers win over the query, and the query fill what the draft left blank', () => {
    const draft: QuoteDraft = {
      version: 1,
      answers: validAnswers('oven-clean', { address: '' }),
      stepIndex: 1,
      idempotencyKey: KEY,
    };
    const { actor } = startWizard({ draft, service: 'window-cleaning', suburb: 'richmond' });
    expect(answers(actor).serviceType).toBe('oven-clean');
    expect(answers(actor).address).toBe('Richmond, VIC');
  });

  it('ignores a corrupt draft', () => {
    const { actor } = startWizard({ draft: { nonsense: true } as never, service: 'deep-cleaning' });
    expect(answers(actor).serviceType).toBe('deep-clean');
    expect(step(actor)).toBe('service-type');
  });

  it('generates an idempotency key when neither draft nor host gives one', () => {
    const actor = createActor(quoteWizardMachine, { input: {} }).start();
    expect(actor.getSnapshot().context.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('submission (DESIGN: no lost leads)', () => {
  it('submits a valid request with the idempotency key, then lands in submitted with the reference', async () => {
    const { actor, requests, emitted, counters } = startWizard();
    fillFlow(actor, 'ndis-aged-care+case-manager');
    expect(can(actor, { type: 'NEXT' })).toBe(true);
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('submitting');
    const done = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(done.value).toBe('submitted');
    expect(done.output).toEqual({ reference: 'CQ-1001' });
    expect(done.context.reference).toBe('CQ-1001');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.idempotencyKey).toBe(KEY);
    expect(quoteRequestSchema.safeParse(requests[0]?.request).success).toBe(true);
    expect(counters.draftsCleared).toBe(1);
    expect(emitted).toContainEqual({ type: 'submitted', reference: 'CQ-1001' });
  });

  it('freezes answers and Next while submitting', async () => {
    let release: (output: SubmitQuoteOutput) => void = () => {};
    const { actor } = startWizard({}, () => new Promise((resolve) => (release = resolve)));
    fillFlow(actor, 'regular-clean');
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (snapshot) => snapshot.matches('submitting'));
    expect(can(actor, { type: 'NEXT' })).toBe(false);
    expect(can(actor, { type: 'BACK' })).toBe(false);
    actor.send({ type: 'SET_ANSWER', field: 'specialRequests', value: 'changed' });
    expect(answers(actor).specialRequests).toBe('');
    release({ reference: 'CQ-7' });
    expect((await waitFor(actor, (snapshot) => snapshot.status === 'done')).output).toEqual({
      reference: 'CQ-7',
    });
  });

  it('keeps every answer on the final step after a failure, shows the error, and retries with the same key', async () => {
    let attempt = 0;
    const { actor, requests, emitted, counters } = startWizard({}, async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('You appear to be offline. Please try again.');
      return { reference: 'CQ-2002' };
    });
    fillFlow(actor, 'end-of-lease+carpet');
    const before = answers(actor);
    actor.send({ type: 'NEXT' });
    const failed = await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(failed.context.error).toBe('You appear to be offline. Please try again.');
    expect(failed.context.answers).toEqual(before);
    expect(selectCurrentStep(failed)).toBe('final-details');
    expect(failed.status).toBe('active');
    expect(counters.draftsCleared).toBe(0);
    expect(emitted).toContainEqual({
      type: 'submissionFailed',
      message: 'You appear to be offline. Please try again.',
    });

    expect(failed.can({ type: 'RETRY' })).toBe(true);
    actor.send({ type: 'RETRY' });
    const done = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(done.output).toEqual({ reference: 'CQ-2002' });
    expect(done.context.submissionAttempts).toBe(2);
    expect(requests.map((request) => request.idempotencyKey)).toEqual([KEY, KEY]);
    expect(requests[1]?.request).toEqual(requests[0]?.request);
  });

  it('lets the visitor edit and press Get My Quote again after a failure', async () => {
    let attempt = 0;
    const { actor, requests } = startWizard({}, async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('500: Internal Server Error');
      return { reference: 'CQ-3' };
    });
    fillFlow(actor, 'oven-clean');
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    actor.send({ type: 'SET_ANSWER', field: 'specialRequests', value: 'Side gate code 1234' });
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(requests[1]?.request.specialRequests).toBe('Side gate code 1234');
    // The server refuses one key with two bodies, so the edited request carries a new key.
    expect(requests[1]?.idempotencyKey).not.toBe(requests[0]?.idempotencyKey);
  });

  it('goes back from the error to the previous step, clearing the error', async () => {
    const { actor } = startWizard({}, async () => {
      throw new Error('Timed out');
    });
    fillFlow(actor, 'regular-clean');
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(step(actor)).toBe('terms-agreement');
  });

  it('never reaches submitted when the server answers without a reference', async () => {
    const { actor, counters } = startWizard({}, async () => ({}) as SubmitQuoteOutput);
    fillFlow(actor, 'deep-clean');
    actor.send({ type: 'NEXT' });
    const failed = await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(failed.context.error).toBe(SUBMISSION_FALLBACK_ERROR);
    expect(counters.draftsCleared).toBe(0);
  });

  it('shows a fallback message when the failure has none', async () => {
    const { actor } = startWizard({}, () => Promise.reject(new Error('')));
    fillFlow(actor, 'deep-clean');
    actor.send({ type: 'NEXT' });
    expect((await waitFor(actor, (snapshot) => snapshot.matches('failed'))).context.error).toBe(
      SUBMISSION_FALLBACK_ERROR,
    );
  });

  it('fails loudly when the host did not provide a submit actor', async () => {
    const actor = createActor(quoteWizardMachine, { input: { service: 'deep-cleaning' } }).start();
    fillFlow(actor, 'deep-clean');
    actor.send({ type: 'NEXT' });
    const failed = await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(failed.context.error).toMatch(/not set up/);
  });
});
