/**
 * Model-based tests generated from the wizard machine with xstate/graph.
 *
 * The graph is kept small by offering, per step, one representative answer per field (plus every
 * service and both branches of the carpet and NDIS questions). Every shortest path to `submitted` is
 * then replayed against a real actor whose submit actor is a fake server the test resolves or rejects:
 * one path per flow submitting first time, one per flow failing once and succeeding on RETRY.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom, waitFor } from 'xstate';
import { createTestModel, getShortestPaths } from 'xstate/graph';
import { emptyAnswers, type QuoteAnswers } from './quote-answers.ts';
import { SERVICE_TYPES } from './quote-options.ts';
import { quoteRequestSchema } from './quote-request.ts';
import { isBlank, stepPasses, toSubmission } from './quote-rules.ts';
import {
  currentStep,
  type QuoteWizardEvent,
  quoteWizardMachine,
  type SubmissionEvent,
  type SubmitQuoteInput,
  type SubmitQuoteOutput,
} from './quote-wizard-machine.ts';
import { type StepId, stepsFor } from './step-plan.ts';
import { FLOW_NAMES, type FlowName, SPEC_SEQUENCES } from './test-fixtures.ts';

type WizardSnapshot = SnapshotFrom<typeof quoteWizardMachine>;
type ModelEvent = QuoteWizardEvent | SubmissionEvent;

const KEY = '5b1d7c2e-aaaa-4bbb-8ccc-ddddeeeeffff';
const MODEL_INPUT = { idempotencyKey: KEY };
const OFFLINE = 'You appear to be offline. Please try again.';

const NEXT: ModelEvent = { type: 'NEXT' };
const set = (field: string, value: unknown) => ({ type: 'SET_ANSWER', field, value }) as ModelEvent;

/** One representative value per field; unanswered fields only, so answering order does not multiply states. */
function unanswered(answers: QuoteAnswers, values: Partial<QuoteAnswers>): ModelEvent[] {
  return Object.entries(values)
    .filter(([field]) => isBlank(answers[field as keyof QuoteAnswers]))
    .map(([field, value]) => set(field, value));
}

/** The events the model may send in a state. */
function modelEvents(snapshot: WizardSnapshot): ModelEvent[] {
  if (snapshot.matches('submitting')) {
    const success: ModelEvent = {
      type: 'xstate.done.actor.submission',
      actorId: 'submission',
      output: { reference: 'CQ-MODEL' },
    };
    const failure: ModelEvent = {
      type: 'xstate.error.actor.submission',
      actorId: 'submission',
      error: new Error(OFFLINE),
    };
    // One failure covers the retry path; failing every attempt would make the graph infinite.
    return snapshot.context.submissionAttempts === 1 ? [success, failure] : [success];
  }
  if (snapshot.matches('failed')) return [{ type: 'RETRY' }];
  if (snapshot.matches('submitted')) return [];
  const { answers } = snapshot.context;
  switch (currentStep(snapshot.context)) {
    case 'service-type':
      return [
        ...SERVICE_TYPES.map((serviceType) => ({ type: 'CHOOSE_SERVICE', serviceType }) as const),
        NEXT,
      ];
    case 'property-size':
      return [...unanswered(answers, { bedrooms: '3', bathrooms: '2' }), NEXT];
    case 'carpet-question':
      // Both answers, switchable: exercises the plan growing and shrinking.
      return [set('carpetNeeded', 'yes'), set('carpetNeeded', 'no'), NEXT];
    case 'carpet-areas':
    case 'standalone-carpet-areas':
      return answers.carpetAreas.length > 0 ? [NEXT] : [{ type: 'INCREMENT_ROOM', room: 'bedrooms' }, NEXT];
    case 'oven-details':
      return [...unanswered(answers, { ovenType: '60cm-oven' }), NEXT];
    case 'window-details':
      return answers.windowPanels === undefined
        ? [{ type: 'SET_WINDOW_PANELS_TEXT', text: '24' }, NEXT]
        : [NEXT];
    case 'ndis-client-details':
      if (answers.ndisClientType === undefined) {
        return [set('ndisClientType', 'self-managed'), set('ndisClientType', 'case-manager'), NEXT];
      }
      return answers.ndisClientType === 'case-manager'
        ? [
            ...unanswered(answers, {
              caseManagerName: 'Sam Coordinator',
              caseManagerPhone: '03 5550 0123',
              caseManagerEmail: 'sam@support.example.org',
            }),
            NEXT,
          ]
        : [NEXT];
    case 'timing':
      return [...unanswered(answers, { urgency: 'next-week' }), NEXT];
    case 'contact-info':
      return [
        ...unanswered(answers, {
          name: 'Alex Citizen',
          phone: '0491 570 156',
          email: 'alex@example.com',
          address: '1 Example Street, Fitzroy, VIC',
        }),
        NEXT,
      ];
    case 'terms-agreement':
      return [...unanswered(answers, { termsAccepted: true }), NEXT];
    case 'final-details':
      return [NEXT];
  }
}

// xstate/graph adds a bare `{ type }` for every event a state handles that the list lacks; keep to the list.
const sameEvent = (a: ModelEvent, b: ModelEvent) => JSON.stringify(a) === JSON.stringify(b);
const traversal = {
  events: modelEvents,
  filterEvents: (snapshot: WizardSnapshot, event: ModelEvent) =>
    modelEvents(snapshot).some((offered) => sameEvent(offered, event)),
  input: MODEL_INPUT,
  // Fail fast (instead of exhausting memory) if a change to the machine or the events blows the graph up.
  limit: 20_000,
};

function flowOf(answers: Partial<QuoteAnswers>): FlowName {
  if (answers.serviceType === 'end-of-lease' && answers.carpetNeeded === 'yes') return 'end-of-lease+carpet';
  if (answers.serviceType === 'ndis-aged-care' && answers.ndisClientType === 'case-manager') {
    return 'ndis-aged-care+case-manager';
  }
  return answers.serviceType ?? 'regular-clean';
}

/** A real actor of the machine, whose server answers only when the test says so. */
function createSystemUnderTest() {
  const requests: SubmitQuoteInput[] = [];
  const pending: { resolve: (output: SubmitQuoteOutput) => void; reject: (error: unknown) => void }[] = [];
  const machine = quoteWizardMachine.provide({
    actors: {
      submitQuote: fromPromise<SubmitQuoteOutput, SubmitQuoteInput>(({ input }) => {
        requests.push(input);
        return new Promise((resolve, reject) => pending.push({ resolve, reject }));
      }),
    },
  });
  const actor = createActor(machine, { input: MODEL_INPUT }).start();
  const visited: StepId[] = [];

  const send = ({ event }: { event: { type: string } }) => {
    actor.send(event as QuoteWizardEvent);
  };
  const settle = async (answer: (server: (typeof pending)[number]) => void) => {
    const server = pending.shift();
    if (!server) throw new Error('No submission is waiting for the server');
    answer(server);
    await waitFor(actor, (snapshot) => !snapshot.matches('submitting'));
  };

  return {
    actor,
    requests,
    visited,
    params: {
      events: {
        CHOOSE_SERVICE: send,
        SET_ANSWER: send,
        INCREMENT_ROOM: send,
        SET_WINDOW_PANELS_TEXT: send,
        NEXT: send,
        RETRY: send,
        'xstate.done.actor.submission': ({ event }: { event: { type: string } }) =>
          settle((server) => server.resolve((event as Extract<SubmissionEvent, { output: unknown }>).output)),
        'xstate.error.actor.submission': ({ event }: { event: { type: string } }) =>
          settle((server) => server.reject((event as Extract<SubmissionEvent, { error: unknown }>).error)),
      },
      states: {
        // The real actor must be exactly where the model says, answers included.
        '*': (expected: WizardSnapshot) => {
          const snapshot = actor.getSnapshot();
          expect(snapshot.value).toEqual(expected.value);
          expect(snapshot.context).toEqual(expected.context);
          const step = currentStep(snapshot.context);
          if (visited.at(-1) !== step) visited.push(step);
        },
      },
    },
  };
}

describe('model-based: every flow to submission, and the retry path', () => {
  const model = createTestModel(quoteWizardMachine, traversal);
  const paths = model.getShortestPaths({ toState: (snapshot) => snapshot.matches('submitted') });

  it('covers every flow, submitted first time and after one failure', () => {
    const covered = paths.map(
      (path) => `${flowOf(path.state.context.answers)} after ${path.state.context.submissionAttempts}`,
    );
    const expected = FLOW_NAMES.flatMap((flow) => [`${flow} after 1`, `${flow} after 2`]);
    expect(covered.sort()).toEqual(expected.sort());
  });

  for (const path of paths) {
    const { answers, submissionAttempts } = path.state.context;
    const name = `${flowOf(answers)}: submitted ${submissionAttempts === 1 ? 'first time' : 'after a failure and RETRY'}`;
    it(name, async () => {
      const sut = createSystemUnderTest();
      await path.test(sut.params);

      const final = sut.actor.getSnapshot();
      const flow = flowOf(final.context.answers);
      expect(final.status).toBe('done');
      expect(final.output).toEqual({ reference: 'CQ-MODEL' });
      // The visitor saw exactly the flow's steps, in order.
      expect(sut.visited).toEqual(SPEC_SEQUENCES[flow]);
      // Every request that reached the server is valid, and a retry reuses the idempotency key.
      expect(sut.requests).toHaveLength(final.context.submissionAttempts);
      for (const { request, idempotencyKey } of sut.requests) {
        expect(quoteRequestSchema.safeParse(request).error?.issues).toBeUndefined();
        expect(idempotencyKey).toBe(KEY);
      }
      expect(new Set(sut.requests.map(({ request }) => JSON.stringify(request))).size).toBe(1);
    });
  }
});

describe('model-based: invariants over every reachable state', () => {
  const reachable = getShortestPaths(quoteWizardMachine, traversal).map((path) => path.state);

  it('keeps the state graph small enough to walk in every test run', () => {
    expect(reachable.length).toBeGreaterThan(100);
    expect(reachable.length).toBeLessThan(5000);
  });

  it('always shows a step of the current plan, and progress (step + 1) / steps', () => {
    for (const { context } of reachable) {
      expect(context.steps).toEqual(stepsFor(context.answers));
      expect(context.stepIndex).toBeGreaterThanOrEqual(0);
      expect(context.stepIndex).toBeLessThan(context.steps.length);
    }
  });

  it('enables Next exactly when the current step passes', () => {
    for (const snapshot of reachable.filter((state) => state.matches('editing'))) {
      const passes = stepPasses(currentStep(snapshot.context), snapshot.context.answers);
      expect(snapshot.can({ type: 'NEXT' })).toBe(passes);
    }
  });

  it('blocks Back exactly on the first step', () => {
    for (const snapshot of reachable.filter((state) => state.matches('editing'))) {
      expect(snapshot.can({ type: 'BACK' })).toBe(snapshot.context.stepIndex > 0);
    }
  });

  it('only submits requests the server accepts, and never reaches submitted without a reference', () => {
    for (const snapshot of reachable.filter(
      (state) => state.matches('submitting') || state.matches('submitted'),
    )) {
      expect(quoteRequestSchema.safeParse(toSubmission(snapshot.context.answers)).success).toBe(true);
      if (snapshot.matches('submitted')) expect(snapshot.context.reference).toBe('CQ-MODEL');
    }
  });

  it('keeps the visitor on the final step with the error after a failure', () => {
    const failed = reachable.filter((state) => state.matches('failed'));
    expect(failed.length).toBe(FLOW_NAMES.length);
    for (const { context } of failed) {
      expect(currentStep(context)).toBe('final-details');
      expect(context.error).toBe(OFFLINE);
      expect(context.answers).not.toEqual(emptyAnswers());
    }
  });
});
