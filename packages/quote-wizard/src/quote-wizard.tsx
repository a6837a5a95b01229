/**
 * <QuoteWizard/>: the quote wizard (one question per step, the steps chosen by the service) on the
 * @cleanquote/quote-core machine.
 *
 * The machine owns every rule (which steps, what Next needs, what counters allow, submission and
 * retry); this component renders its snapshot and sends it events. Side effects are injected with
 * `machine.provide`: the submit actor (fetch by default) and the draft actions (localStorage by
 * default).
 *
 * Server rendering: the first render reads nothing from the browser (no storage, no random ids in the
 * markup), so it matches the server's HTML; a stored draft is restored in an effect right after.
 *
 * Without script (docs/decisions/0009): given `formAction`, the markup is a form that posts every
 * answer so far to the host's server, which decides the next step with the same machine
 * (`decideQuoteForm` in quote-core) and renders the wizard again from `formState`. With script the
 * same markup is hydrated and Next, Back and the counters act in the page without posting.
 */
import {
  adoptionEvents,
  answersFromForm,
  hiddenAnswerFields,
  parseQuoteDraft,
  QUOTE_DRAFT_VERSION,
  type QuoteDraft,
  type QuoteField,
  type QuoteFormState,
  type QuoteWizardEvent,
  quoteWizardMachine,
  type StepId,
  type SubmitQuoteInput,
  type SubmitQuoteOutput,
  selectCurrentStep,
  selectIsLastStep,
  selectProgress,
  selectStepErrors,
  selectStepNumber,
} from '@cleanquote/quote-core';
import { useActorRef, useSelector } from '@xstate/react';
import {
  type FormEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { fromPromise } from 'xstate';
import { Heading, type HeadingLevel, subLevel, WizardLabelContext } from './controls.tsx';
import {
  browserDraftStorage,
  createDraftWriter,
  type DraftStorage,
  draftStorageKey,
  readStoredDraft,
} from './draft-storage.ts';
import { STEP_BODIES } from './steps.tsx';
import { createFetchSubmitQuote, type SubmitQuoteFunction } from './submit-quote.ts';
import { BUTTON_LABELS, STEP_COPY, stepOfText, WIZARD_SUBTITLE, WIZARD_TITLE } from './wizard-copy.ts';

/** Reported to `onStepChange` whenever the visitor lands on another step (and once on mount). */
export interface QuoteWizardStepChange {
  /** The step on screen, or 'submitted' once the server acknowledged the quote. */
  readonly step: StepId | 'submitted';
  /** 1-based step number ('Step N of M'). */
  readonly stepNumber: number;
  /** Steps in the current plan. */
  readonly stepCount: number;
}

/** Colour scheme of the wizard. 'auto' follows the visitor's system setting. */
export type QuoteWizardTheme = 'light' | 'dark' | 'auto';

/** Props of {@link QuoteWizard}. Every prop is optional. */
export interface QuoteWizardProps {
  /** A `?service=` value to pre-select: a service-card slug ('oven-clean') or a service id. */
  readonly service?: string | null | undefined;
  /** A `?suburb=` slug to pre-fill the address with: words capitalised, ', VIC' added ('box-hill' → 'Box Hill, VIC'). */
  readonly suburb?: string | null | undefined;
  /** The partner site's key: sent as `X-Partner-Key`, and keeps the draft per partner. */
  readonly partnerKey?: string | undefined;
  /** Where the CleanQuote API lives ('' = this origin). Also the base of the terms and privacy links. */
  readonly apiBaseUrl?: string | undefined;
  /**
   * Level of the 'Get Your Cleaning Quote' heading (default 2; steps use the next level). Use 1 when
   * the wizard is the page's main content and the page has no other h1.
   */
  readonly headingLevel?: 1 | 2 | 3 | 4 | undefined;
  /** Colour scheme (default 'light'); every colour is also a --cq-* custom property. */
  readonly theme?: QuoteWizardTheme | undefined;
  /** Extra class on the root element. */
  readonly className?: string | undefined;
  /** Link to the full terms (default `${apiBaseUrl}/terms`). */
  readonly termsUrl?: string | undefined;
  /** Link to the privacy policy (default `${apiBaseUrl}/privacy`). */
  readonly privacyUrl?: string | undefined;
  /** Called on mount and whenever the step on screen changes. */
  readonly onStepChange?: ((change: QuoteWizardStepChange) => void) | undefined;
  /** Called once the server acknowledged the quote, with its reference. Navigate to a thank-you page here. */
  readonly onSubmitted?: ((result: SubmitQuoteOutput) => void) | undefined;
  /** Called when a submission attempt failed; the wizard shows the message and offers a retry. */
  readonly onError?: ((error: { readonly message: string }) => void) | undefined;
  /**
   * Shown in the thank-you panel and beside a failed submission: e.g. a call button on a partner's
   * page, where the site's own thank-you page is not shown.
   */
  readonly contact?: ReactNode;
  /**
   * The wizard's own name, added to the accessible names of its form and regions (e.g. the service it
   * is for), so that several wizards on one page never repeat a landmark's name.
   */
  readonly label?: string | undefined;
  /** Replaces the default fetch to POST /api/service-form (stories, tests, custom transports). */
  readonly submitQuote?: SubmitQuoteFunction | undefined;
  /** Where the draft is kept (default `localStorage`); `null` keeps no draft. */
  readonly storage?: DraftStorage | null | undefined;
  /**
   * Where the form posts before (and without) the script: a URL on the host's server that reads the
   * post with quote-core's `readQuoteForm`/`decideQuoteForm` and renders the wizard again with
   * `formState` (the host site: '/service-form'). Without it the form never posts.
   */
  readonly formAction?: string | undefined;
  /**
   * The state the host's server decided for a posted form: the wizard starts from it (answers, step,
   * idempotency key, messages shown) instead of the query pre-fill or a stored draft. Give the same
   * state when hydrating as when rendering on the server.
   */
  readonly formState?: QuoteFormState | undefined;
}

function resolveStorage(storage: DraftStorage | null | undefined): DraftStorage | null {
  return storage === undefined ? browserDraftStorage() : storage;
}

/**
 * The CleanQuote quote wizard. Import its styles once: `import
 * '@cleanquote/quote-wizard/style.css'`.
 *
 * @example
 * ```tsx
 * <QuoteWizard
 *   service={params.get('service')}
 *   suburb={params.get('suburb')}
 *   onSubmitted={({ reference }) => navigate(`/thank-you?reference=${reference}`)}
 * />
 * ```
 */
export function QuoteWizard(props: QuoteWizardProps) {
  const storageKey = draftStorageKey(props.partnerKey);
  const storageRef = useRef(props.storage);
  storageRef.current = props.storage;
  const [restored, setRestored] = useState<QuoteDraft | undefined>(undefined);
  const [interactive, setInteractive] = useState(false);
  // Set by the session (its effects run first) when it took over answers given before the script ran.
  const answeredEarly = useRef(false);
  const fromServer = props.formState !== undefined;

  // After hydration (never during render): a stored draft replaces the fresh wizard once, unless
  // the page already carries newer answers (a server-decided state, or answers given before the
  // script ran).
  useEffect(() => {
    if (!fromServer && !answeredEarly.current) {
      const draft = parseQuoteDraft(readStoredDraft(resolveStorage(storageRef.current), storageKey));
      if (draft) setRestored(draft);
    }
    setInteractive(true);
  }, [storageKey, fromServer]);

  return (
    <WizardSession
      key={restored ? 'restored' : 'fresh'}
      {...props}
      draft={restored}
      interactive={interactive}
      answeredEarly={answeredEarly}
    />
  );
}

interface WizardSessionProps extends QuoteWizardProps {
  readonly draft: QuoteDraft | undefined;
  /** Hydrated and any draft restored: marked `data-cq-ready` for hosts and tests. */
  readonly interactive: boolean;
  readonly answeredEarly: RefObject<boolean>;
}

type SessionStatus = 'editing' | 'submitting' | 'failed' | 'submitted';

function WizardSession({ draft, interactive, answeredEarly, formState, ...props }: WizardSessionProps) {
  const latest = useRef(props);
  latest.current = props;
  const baseId = useId();
  // Plain functions (not memoised): the step bodies re-render with every snapshot anyway.
  const idFor = (suffix: string) => `${baseId}${suffix}`;
  const headingLevel: HeadingLevel = props.headingLevel ?? 2;
  const stepLevel = subLevel(headingLevel);
  const apiBaseUrl = (props.apiBaseUrl ?? '').replace(/\/+$/, '');

  const storageKey = draftStorageKey(props.partnerKey);
  const writer = useMemo(
    () => createDraftWriter(() => resolveStorage(latest.current.storage), storageKey),
    [storageKey],
  );

  const machine = useMemo(
    () =>
      quoteWizardMachine.provide({
        actors: {
          submitQuote: fromPromise<SubmitQuoteOutput, SubmitQuoteInput>(({ input, signal }) => {
            const { submitQuote, apiBaseUrl: base, partnerKey } = latest.current;
            const submit = submitQuote ?? createFetchSubmitQuote({ apiBaseUrl: base });
            return submit({ ...input, partnerKey }, { signal });
          }),
        },
        actions: {
          saveDraft: (_, { draft: changed }) => writer.save(changed),
          clearDraft: () => writer.clear(),
        },
      }),
    [writer],
  );

  const actorRef = useActorRef(machine, {
    input:
      formState && !draft
        ? { draft: { version: QUOTE_DRAFT_VERSION, ...formState } }
        : { service: props.service, suburb: props.suburb, draft },
  });
  const snapshot = useSelector(actorRef, (state) => state);
  const send = (event: QuoteWizardEvent) => actorRef.send(event);

  // Write a pending draft before the page goes away, and when the wizard unmounts.
  useEffect(() => {
    const flush = () => writer.flush();
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') writer.flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibilityChange);
      writer.flush();
    };
  }, [writer]);

  useEffect(() => {
    const subscriptions = [
      actorRef.on('submitted', (event) => latest.current.onSubmitted?.({ reference: event.reference })),
      actorRef.on('submissionFailed', (event) => latest.current.onError?.({ message: event.message })),
    ];
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  }, [actorRef]);

  const status = snapshot.value as SessionStatus;
  const step = selectCurrentStep(snapshot);
  const { number, total } = selectStepNumber(snapshot);
  const stepKey = status === 'submitted' ? 'submitted' : `${snapshot.context.stepIndex}:${step}`;

  // Focus follows the step (its heading announces where the visitor is), but never on first mount:
  // the wizard must not steal focus or scroll from the host page.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusedStep = useRef<string | null>(null);
  useEffect(() => {
    if (focusedStep.current === stepKey) return;
    const firstShown = focusedStep.current === null;
    focusedStep.current = stepKey;
    if (!firstShown) headingRef.current?.focus();
  }, [stepKey]);

  const reportedStep = useRef<string | null>(null);
  useEffect(() => {
    const reportKey = `${stepKey}/${total}`;
    if (reportedStep.current === reportKey) return;
    reportedStep.current = reportKey;
    latest.current.onStepChange?.({
      step: status === 'submitted' ? 'submitted' : step,
      stepNumber: number,
      stepCount: total,
    });
  }, [stepKey, status, step, number, total]);

  // Field messages show after a Next attempt on this step, or once the visitor left a text field.
  const [attemptedStep, setAttemptedStep] = useState<string | null>(() =>
    formState?.showErrors && !draft ? stepKey : null,
  );
  const [touched, setTouched] = useState<ReadonlySet<QuoteField>>(() => new Set());
  const errors = selectStepErrors(snapshot);
  const showAllErrors = attemptedStep === stepKey;
  const errorFor = (field: QuoteField) => {
    if (!showAllErrors && !touched.has(field)) return undefined;
    if (errors[field]) return errors[field];
    const nested = Object.keys(errors).find((key) => key.startsWith(`${field}.`));
    return nested ? errors[nested] : undefined;
  };
  const touch = (field: QuoteField) =>
    setTouched((previous) => (previous.has(field) ? previous : new Set(previous).add(field)));

  // Answers given before the script ran (a card chosen, a box ticked, text typed) are in the page,
  // which React keeps as it hydrates, but not in the machine: take them over once, so what the
  // visitor sees is what Next acts on.
  // Also at a submit, which can come in the same tap that hydrated the wizard, before any effect ran.
  const formRef = useRef<HTMLFormElement>(null);
  const adoptEarlyAnswers = () => {
    if (!formRef.current) return;
    const { context } = actorRef.getSnapshot();
    const inForm = answersFromForm(new FormData(formRef.current));
    const events = adoptionEvents(context.answers, selectCurrentStep({ context }), inForm);
    if (events.length > 0) answeredEarly.current = true;
    for (const event of events) actorRef.send(event);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the markup the server sent
  useEffect(adoptEarlyAnswers, []);

  const submitting = status === 'submitting';
  const failed = status === 'failed';
  // A quote the host's server could not store (no-script post): shown until the next attempt.
  const serverError =
    !draft && status === 'editing' && snapshot.context.submissionAttempts === 0
      ? formState?.error
      : undefined;
  const failure = failed ? snapshot.context.error : serverError;
  const posts = props.formAction !== undefined;
  const canNext = !submitting && snapshot.can({ type: 'NEXT' });
  const canBack = snapshot.can({ type: 'BACK' });
  const isLast = selectIsLastStep(snapshot);
  const missing = [...new Set(Object.values(errors))];
  const hint = submitting
    ? 'Sending your quote request…'
    : missing.length > 0
      ? `To continue: ${missing.join('. ')}.`
      : '';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    adoptEarlyAnswers();
    if (actorRef.getSnapshot().can({ type: 'NEXT' })) send({ type: 'NEXT' });
    else setAttemptedStep(stepKey);
  };

  const titleId = idFor('title');
  const stepHeadingId = idFor('step-title');
  const hintId = idFor('hint');

  const theme = props.theme ?? 'light';
  const rootClass = props.className ? `cq-wizard ${props.className}` : 'cq-wizard';
  const ready = interactive ? 'true' : undefined;

  const stepText = stepOfText(number, total);
  const StepBody = STEP_BODIES[step];
  const copy = STEP_COPY[step];
  const nextLabel = submitting
    ? BUTTON_LABELS.submitting
    : isLast
      ? BUTTON_LABELS.submit
      : BUTTON_LABELS.next;

  const done = status === 'submitted';
  return (
    <WizardLabelContext.Provider value={props.label}>
      <div className={rootClass} data-cq-theme={theme} data-cq-ready={ready} part="card">
        <div className="cq-wizard__header">
          <Heading level={headingLevel} className="cq-wizard__title" id={titleId} part="heading">
            {WIZARD_TITLE}
          </Heading>
          {done ? null : <p className="cq-wizard__subtitle">{WIZARD_SUBTITLE}</p>}
          {done ? null : (
            <div className="cq-progress">
              <p className="cq-progress__text">{stepText}</p>
              <div
                className="cq-progress__bar"
                role="progressbar"
                aria-label="Quote progress"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(selectProgress(snapshot) * 100)}
                aria-valuetext={stepText}
              >
                {Array.from({ length: total }, (_, index) => (
                  <span
                    // biome-ignore lint/suspicious/noArrayIndexKey: segments are positions, not items
                    key={index}
                    className={
                      index < number
                        ? 'cq-progress__segment cq-progress__segment--done'
                        : 'cq-progress__segment'
                    }
                  />
                ))}
              </div>
            </div>
          )}
        </div>
        {done ? (
          <section className="cq-step cq-step--done" aria-labelledby={stepHeadingId}>
            <Heading
              level={stepLevel}
              className="cq-step__title"
              id={stepHeadingId}
              headingRef={headingRef}
              focusable
            >
              Thank you!
            </Heading>
            <p className="cq-step__intro">
              Your quote request has been submitted successfully. Your reference is{' '}
              <strong className="cq-reference">{snapshot.context.reference}</strong>. We will email you a
              detailed quote within 24 hours.
            </p>
            {props.contact}
          </section>
        ) : (
          // noValidate: the machine (and without script, the server) checks every answer and says what is missing.
          <form
            ref={formRef}
            className="cq-wizard__form"
            method={posts ? 'post' : undefined}
            action={props.formAction}
            noValidate
            onSubmit={onSubmit}
            aria-labelledby={titleId}
            aria-busy={submitting}
          >
            {/* Enter in a field presses the form's first submit button: make that Next, not a counter or Back. */}
            <button
              type="submit"
              name="action"
              value="next"
              className="cq-sr-only"
              tabIndex={-1}
              aria-hidden="true"
            />
            {posts ? (
              <>
                <input type="hidden" name="step" value={step} />
                {formState && !draft ? (
                  <input type="hidden" name="idempotencyKey" value={formState.idempotencyKey} />
                ) : null}
                {hiddenAnswerFields(snapshot.context.answers, step).map(([name, value]) => (
                  <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
                ))}
              </>
            ) : null}
            <section className="cq-step" aria-labelledby={stepHeadingId} data-cq-step={step}>
              <Heading
                level={stepLevel}
                className="cq-step__title"
                id={stepHeadingId}
                headingRef={headingRef}
                focusable
              >
                {copy.title}
              </Heading>
              <p className="cq-step__intro">{copy.intro}</p>
              {/* Answers are frozen while the request is in flight (the machine ignores changes then too). */}
              <fieldset className="cq-step__fields" role="none" disabled={submitting}>
                <StepBody
                  key={stepKey}
                  snapshot={snapshot}
                  send={send}
                  idFor={idFor}
                  headingId={stepHeadingId}
                  level={stepLevel}
                  errorFor={errorFor}
                  touch={touch}
                  termsUrl={props.termsUrl ?? `${apiBaseUrl}/terms`}
                  privacyUrl={props.privacyUrl ?? `${apiBaseUrl}/privacy`}
                />
              </fieldset>
              {failure ? (
                <div className="cq-alert">
                  <div role="alert">
                    <p className="cq-alert__title">We could not send your quote request.</p>
                    <p className="cq-alert__message">{failure}</p>
                  </div>
                  {/* After the server's failure (no script), trying again posts the final step again. */}
                  <button
                    type="submit"
                    name="action"
                    value="next"
                    className="cq-button cq-button--primary"
                    part="button primary"
                    onClick={(event: MouseEvent) => {
                      event.preventDefault();
                      send({ type: failed ? 'RETRY' : 'NEXT' });
                    }}
                  >
                    {BUTTON_LABELS.retry}
                  </button>
                  {props.contact}
                </div>
              ) : null}
            </section>
            <p className="cq-wizard__hint" id={hintId} role="status">
              {hint}
            </p>
            <div className="cq-wizard__nav">
              <button
                type="submit"
                name="action"
                value="back"
                className="cq-button cq-button--secondary"
                part="button"
                disabled={!canBack}
                onClick={(event: MouseEvent) => {
                  event.preventDefault();
                  send({ type: 'BACK' });
                }}
              >
                {BUTTON_LABELS.back}
              </button>
              {/* Never disabled in the server's markup: without script the server checks the step. */}
              <button
                type="submit"
                name="action"
                value="next"
                className="cq-button cq-button--primary"
                part="button primary"
                aria-disabled={interactive && !canNext ? true : undefined}
                aria-describedby={interactive && !canNext ? hintId : undefined}
              >
                {nextLabel}
              </button>
            </div>
          </form>
        )}
      </div>
    </WizardLabelContext.Provider>
  );
}
