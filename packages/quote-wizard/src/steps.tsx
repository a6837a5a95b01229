/**
 * The body of each wizard step. Steps only show answers and send events;
 * which answers are valid, what Next needs and what counters allow is asked of the machine.
 */
import {
  BATHROOM_OPTIONS,
  BEDROOM_OPTIONS,
  CARPET_NEEDED_OPTIONS,
  HOW_FOUND_US_OPTIONS,
  NDIS_CLIENT_TYPE_OPTIONS,
  OVEN_CONDITION_OPTIONS,
  OVEN_EXTRA_OPTIONS,
  OVEN_TYPE_OPTIONS,
  PROPERTY_TYPE_OPTIONS,
  type PropertyType,
  type QuoteAnswers,
  type QuoteField,
  type QuoteOption,
  type QuoteWizardEvent,
  type QuoteWizardSnapshot,
  ROOM_KINDS,
  ROOM_LABELS,
  ROOM_OPTIONS,
  SERVICE_OPTIONS,
  type StepId,
  TEXT_LIMITS,
  URGENCY_OPTIONS,
  WINDOW_CLEANING_TYPE_OPTIONS,
  WINDOW_EXTRA_OPTIONS,
  WINDOW_PANELS_MAX,
  WINDOW_PANELS_MIN,
  type WindowCleaningType,
} from '@cleanquote/quote-core';
import { type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import {
  CheckboxList,
  ChoiceCards,
  Counter,
  Heading,
  type HeadingLevel,
  Summary,
  subLevel,
  TextAreaField,
  TextField,
  WizardLabelContext,
} from './controls.tsx';
import {
  CASE_MANAGER_UPDATES_LABEL,
  ROOM_SINGULAR,
  roomCountText,
  SELECTED_AREAS_TITLE,
  TERMS_SUMMARY,
  TERMS_THANK_YOU,
} from './wizard-copy.ts';

/** What every step body receives from the wizard. */
export interface StepProps {
  readonly snapshot: QuoteWizardSnapshot;
  readonly send: (event: QuoteWizardEvent) => void;
  /** A DOM id unique to this wizard instance. */
  readonly idFor: (suffix: string) => string;
  /** Id of the step heading, which names single-question steps. */
  readonly headingId: string;
  /** Level of the step heading; sub-sections use the next one. */
  readonly level: HeadingLevel;
  /** The message to show under a field now (after a Next attempt or once the field was left). */
  readonly errorFor: (field: QuoteField) => string | undefined;
  /** Marks a text field as visited, so its message may show. */
  readonly touch: (field: QuoteField) => void;
  readonly termsUrl: string;
  readonly privacyUrl: string;
}

function labelOf<TId extends string>(options: readonly QuoteOption<TId>[], id: TId | undefined): string {
  return options.find((option) => option.id === id)?.label ?? '';
}

function labelsOf<TId extends string>(options: readonly QuoteOption<TId>[], ids: readonly TId[]): string {
  return options
    .filter((option) => ids.includes(option.id))
    .map((option) => option.label)
    .join(', ');
}

function pick<TId extends string>(options: readonly QuoteOption<TId>[], value: string | undefined) {
  return options.find((option) => option.id === value)?.id;
}

function ServiceTypeStep({ snapshot, send, idFor, headingId, errorFor }: StepProps) {
  return (
    <ChoiceCards
      idPrefix={idFor('serviceType')}
      name="serviceType"
      labelledBy={headingId}
      options={SERVICE_OPTIONS}
      value={snapshot.context.answers.serviceType}
      onChange={(serviceType) => send({ type: 'CHOOSE_SERVICE', serviceType })}
      required
      error={errorFor('serviceType')}
    />
  );
}

function PropertySizeStep({ snapshot, send, idFor, errorFor }: StepProps) {
  const answers = snapshot.context.answers;
  return (
    <>
      <ChoiceCards
        idPrefix={idFor('bedrooms')}
        name="bedrooms"
        legend="Bedrooms"
        options={BEDROOM_OPTIONS}
        value={answers.bedrooms}
        onChange={(value) => send({ type: 'SET_ANSWER', field: 'bedrooms', value })}
        required
        compact
        error={errorFor('bedrooms')}
      />
      <ChoiceCards
        idPrefix={idFor('bathrooms')}
        name="bathrooms"
        legend="Bathrooms"
        options={BATHROOM_OPTIONS}
        value={answers.bathrooms}
        onChange={(value) => send({ type: 'SET_ANSWER', field: 'bathrooms', value })}
        required
        compact
        error={errorFor('bathrooms')}
      />
      <ChoiceCards<PropertyType>
        idPrefix={idFor('propertyType')}
        name="propertyType"
        legend="Property type"
        options={PROPERTY_TYPE_OPTIONS}
        value={pick(PROPERTY_TYPE_OPTIONS, answers.propertyType)}
        onChange={(value) => send({ type: 'SET_ANSWER', field: 'propertyType', value })}
        error={errorFor('propertyType')}
      />
    </>
  );
}

function CarpetQuestionStep({ snapshot, send, idFor, headingId, errorFor }: StepProps) {
  return (
    <ChoiceCards
      idPrefix={idFor('carpetNeeded')}
      name="carpetNeeded"
      labelledBy={headingId}
      options={CARPET_NEEDED_OPTIONS}
      value={snapshot.context.answers.carpetNeeded}
      onChange={(value) => send({ type: 'SET_ANSWER', field: 'carpetNeeded', value })}
      required
      error={errorFor('carpetNeeded')}
    />
  );
}

function CarpetAreasStep({ snapshot, send, level, errorFor, idFor }: StepProps) {
  const counts = snapshot.context.answers.carpetRoomCounts;
  const error = errorFor('carpetAreas') ?? errorFor('carpetRoomCounts');
  const errorId = idFor('carpetAreas-error');
  return (
    <>
      <div className="cq-counters" aria-describedby={error ? errorId : undefined}>
        {ROOM_OPTIONS.map((room) => (
          <Counter
            key={room.id}
            label={room.label}
            singular={ROOM_SINGULAR[room.id]}
            count={counts[room.id] ?? 0}
            max={room.max}
            canAdd={snapshot.can({ type: 'INCREMENT_ROOM', room: room.id })}
            canRemove={snapshot.can({ type: 'DECREMENT_ROOM', room: room.id })}
            onAdd={() => send({ type: 'INCREMENT_ROOM', room: room.id })}
            onRemove={() => send({ type: 'DECREMENT_ROOM', room: room.id })}
            room={room.id}
          />
        ))}
      </div>
      {error ? (
        <p className="cq-field__error" id={errorId}>
          {error}
        </p>
      ) : null}
      <Summary
        title={SELECTED_AREAS_TITLE}
        level={subLevel(level)}
        rows={ROOM_KINDS.filter((room) => (counts[room] ?? 0) > 0).map(
          (room) => [ROOM_LABELS[room], roomCountText(counts[room] ?? 0)] as const,
        )}
        empty="No rooms added yet."
      />
    </>
  );
}

function OvenDetailsStep({ snapshot, send, idFor, level, errorFor }: StepProps) {
  const answers = snapshot.context.answers;
  const rows: [string, string][] = [];
  if (answers.ovenType) rows.push(['Oven size', labelOf(OVEN_TYPE_OPTIONS, answers.ovenType)]);
  if (answers.ovenCondition) rows.push(['Condition', labelOf(OVEN_CONDITION_OPTIONS, answers.ovenCondition)]);
  if (answers.ovenType) rows.push(['Extras', labelsOf(OVEN_EXTRA_OPTIONS, answers.cleaningFocus) || 'None']);
  return (
    <>
      <ChoiceCards
        idPrefix={idFor('ovenType')}
        name="ovenType"
        legend="Oven size"
        options={OVEN_TYPE_OPTIONS}
        value={answers.ovenType}
        onChange={(value) => send({ type: 'SET_ANSWER', field: 'ovenType', value })}
        required
        error={errorFor('ovenType')}
      />
      <ChoiceCards
        idPrefix={idFor('ovenCondition')}
        name="ovenCondition"
        legend="Oven condition"
        options={OVEN_CONDITION_OPTIONS}
        value={answers.ovenCondition}
        onChange={(value) => send({ type: 'SET_ANSWER', field: 'ovenCondition', value })}
        error={errorFor('ovenCondition')}
      />
      <CheckboxList
        idPrefix={idFor('cleaningFocus')}
        name="cleaningFocus"
        legend="Extras"
        options={OVEN_EXTRA_OPTIONS}
        selected={answers.cleaningFocus}
        onToggle={(value) => send({ type: 'TOGGLE_EXTRA', field: 'cleaningFocus', value })}
      />
      <Summary title="Your oven clean" level={subLevel(level)} rows={rows} empty="Choose your oven size." />
    </>
  );
}

function WindowDetailsStep({ snapshot, send, idFor, level, errorFor, touch }: StepProps) {
  const answers = snapshot.context.answers;
  // The field keeps what was typed (even while empty); the machine gets the text and decides the number.
  const [panelsText, setPanelsText] = useState(() =>
    answers.windowPanels === undefined ? '' : String(answers.windowPanels),
  );
  // A count typed before the script ran is in the field but not in the machine: take it over.
  const panelsRef = useRef<HTMLInputElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the field first appears
  useEffect(() => {
    const typed = panelsRef.current?.value ?? '';
    if (typed === panelsText) return;
    setPanelsText(typed);
    send({ type: 'SET_WINDOW_PANELS_TEXT', text: typed });
  }, []);
  const rows: [string, string][] = [];
  if (answers.windowPanels !== undefined) rows.push(['Window panels', String(answers.windowPanels)]);
  const cleaningType = pick(WINDOW_CLEANING_TYPE_OPTIONS, answers.propertyType);
  if (cleaningType) rows.push(['Cleaning type', labelOf(WINDOW_CLEANING_TYPE_OPTIONS, cleaningType)]);
  if (rows.length > 0) rows.push(['Extras', labelsOf(WINDOW_EXTRA_OPTIONS, answers.windowScope) || 'None']);
  return (
    <>
      <TextField
        id={idFor('windowPanels')}
        name="windowPanels"
        inputRef={panelsRef}
        label="Number of window panels"
        type="number"
        inputMode="numeric"
        min={WINDOW_PANELS_MIN}
        max={WINDOW_PANELS_MAX}
        value={panelsText}
        required
        hint={`Between ${WINDOW_PANELS_MIN} and ${WINDOW_PANELS_MAX}.`}
        onChange={(text) => {
          setPanelsText(text);
          send({ type: 'SET_WINDOW_PANELS_TEXT', text });
        }}
        onBlur={() => touch('windowPanels')}
        error={errorFor('windowPanels')}
      />
      <ChoiceCards<WindowCleaningType>
        idPrefix={idFor('windowType')}
        name="propertyType"
        legend="Cleaning type"
        options={WINDOW_CLEANING_TYPE_OPTIONS}
        value={cleaningType}
        onChange={(value) => send({ type: 'SET_ANSWER', field: 'propertyType', value })}
        error={errorFor('propertyType')}
      />
      <CheckboxList
        idPrefix={idFor('windowScope')}
        name="windowScope"
        legend="Extras"
        options={WINDOW_EXTRA_OPTIONS}
        selected={answers.windowScope}
        onToggle={(value) => send({ type: 'TOGGLE_EXTRA', field: 'windowScope', value })}
      />
      <Summary
        title="Your window clean"
        level={subLevel(level)}
        rows={rows}
        empty="Enter the number of window panels."
      />
    </>
  );
}

type TextAnswer = {
  [K in QuoteField]: QuoteAnswers[K] extends string ? K : never;
}[QuoteField];

function textFieldProps(props: StepProps, field: TextAnswer & keyof typeof TEXT_LIMITS) {
  const { snapshot, send, idFor, errorFor, touch } = props;
  return {
    id: idFor(field),
    name: field,
    value: snapshot.context.answers[field],
    maxLength: TEXT_LIMITS[field],
    onChange: (value: string) => send({ type: 'SET_ANSWER', field, value }),
    onBlur: () => touch(field),
    error: errorFor(field),
  };
}

function NdisClientDetailsStep(props: StepProps) {
  const { snapshot, send, idFor, errorFor, level } = props;
  const answers = snapshot.context.answers;
  const caseManager = answers.ndisClientType === 'case-manager';
  const detailsId = idFor('case-manager-title');
  const updatesId = idFor('caseManagerUpdates');
  return (
    <>
      <ChoiceCards
        idPrefix={idFor('ndisClientType')}
        name="ndisClientType"
        legend="Who is arranging the clean?"
        options={NDIS_CLIENT_TYPE_OPTIONS}
        value={answers.ndisClientType}
        onChange={(value) => send({ type: 'SET_ANSWER', field: 'ndisClientType', value })}
        required
        error={errorFor('ndisClientType')}
      />
      {caseManager ? (
        <section className="cq-subsection" aria-labelledby={detailsId}>
          <Heading level={subLevel(level)} id={detailsId} className="cq-subsection__title">
            Case manager details
          </Heading>
          <TextField
            {...textFieldProps(props, 'caseManagerName')}
            label="Case Manager Name"
            required
            autoComplete="name"
          />
          <TextField
            {...textFieldProps(props, 'caseManagerPhone')}
            label="Case Manager Phone"
            type="tel"
            inputMode="tel"
            required
            autoComplete="tel"
          />
          <TextField
            {...textFieldProps(props, 'caseManagerEmail')}
            label="Case Manager Email"
            type="email"
            inputMode="email"
            required
            autoComplete="email"
          />
          <TextField
            {...textFieldProps(props, 'caseManagerOrganization')}
            label="Organisation"
            autoComplete="organization"
          />
          <div className="cq-field">
            <label className="cq-check" htmlFor={updatesId}>
              <input
                className="cq-check__input"
                type="checkbox"
                id={updatesId}
                name="caseManagerUpdates"
                value="true"
                checked={answers.caseManagerUpdates}
                onChange={(event) =>
                  send({ type: 'SET_ANSWER', field: 'caseManagerUpdates', value: event.target.checked })
                }
              />
              <span>{CASE_MANAGER_UPDATES_LABEL}</span>
            </label>
          </div>
        </section>
      ) : null}
    </>
  );
}

function TimingStep({ snapshot, send, idFor, headingId, errorFor }: StepProps) {
  return (
    <ChoiceCards
      idPrefix={idFor('urgency')}
      name="urgency"
      labelledBy={headingId}
      options={URGENCY_OPTIONS}
      value={snapshot.context.answers.urgency}
      onChange={(value) => send({ type: 'SET_ANSWER', field: 'urgency', value })}
      required
      error={errorFor('urgency')}
    />
  );
}

function ContactInfoStep(props: StepProps) {
  return (
    <>
      <p className="cq-note">Fields marked * are required.</p>
      <TextField {...textFieldProps(props, 'name')} label="Full Name" required autoComplete="name" />
      <TextField
        {...textFieldProps(props, 'phone')}
        label="Phone Number"
        type="tel"
        inputMode="tel"
        required
        autoComplete="tel"
      />
      <TextField
        {...textFieldProps(props, 'email')}
        label="Email Address"
        type="email"
        inputMode="email"
        required
        autoComplete="email"
      />
      <TextField
        {...textFieldProps(props, 'address')}
        label="Property Address"
        required
        autoComplete="street-address"
      />
    </>
  );
}

function NewTabLink({ href, children }: { href: string; children: string }) {
  return (
    <a className="cq-link" href={href} target="_blank" rel="noopener">
      {children}
      <span className="cq-sr-only"> (opens in a new tab)</span>
    </a>
  );
}

function TermsAgreementStep({ snapshot, send, idFor, errorFor, termsUrl, privacyUrl }: StepProps) {
  const accepted = snapshot.context.answers.termsAccepted;
  const checkboxId = idFor('termsAccepted');
  const error = errorFor('termsAccepted');
  const errorId = `${checkboxId}-error`;
  // Named after the wizard too (its label), as its headings are.
  const label = useContext(WizardLabelContext);
  const termsLabel = `Summary of our terms and privacy policy${label ? ` (${label})` : ''}`;
  return (
    <>
      {/* Scrollable, so it must be reachable by keyboard (tabIndex 0) and named. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs focus to scroll by keyboard */}
      <section className="cq-terms" aria-label={termsLabel} tabIndex={0}>
        <ul className="cq-terms__list">
          {TERMS_SUMMARY.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p>
          Read our full <NewTabLink href={termsUrl}>Terms &amp; Conditions</NewTabLink> and{' '}
          <NewTabLink href={privacyUrl}>Privacy Policy</NewTabLink>.
        </p>
      </section>
      <div className="cq-field">
        <label className="cq-check" htmlFor={checkboxId}>
          <input
            className="cq-check__input"
            type="checkbox"
            id={checkboxId}
            name="termsAccepted"
            value="true"
            checked={accepted}
            required
            aria-describedby={error ? errorId : undefined}
            onChange={(event) =>
              send({ type: 'SET_ANSWER', field: 'termsAccepted', value: event.target.checked })
            }
          />
          <span>
            I have read and agree to the Terms &amp; Conditions and Privacy Policy
            <span className="cq-required" aria-hidden="true">
              {' *'}
            </span>
          </span>
        </label>
        {error ? (
          <p className="cq-field__error" id={errorId}>
            {error}
          </p>
        ) : null}
        <p className="cq-terms__thanks" role="status">
          {accepted ? TERMS_THANK_YOU : ''}
        </p>
      </div>
    </>
  );
}

function FinalDetailsStep({ snapshot, send, idFor }: StepProps) {
  const answers = snapshot.context.answers;
  return (
    <>
      <ChoiceCards
        idPrefix={idFor('howFoundUs')}
        name="howFoundUs"
        legend="How did you hear about us?"
        options={HOW_FOUND_US_OPTIONS}
        value={answers.howFoundUs}
        onChange={(value) => send({ type: 'SET_ANSWER', field: 'howFoundUs', value })}
      />
      <TextAreaField
        id={idFor('specialRequests')}
        name="specialRequests"
        label="Special requests"
        value={answers.specialRequests}
        maxLength={TEXT_LIMITS.specialRequests}
        onChange={(value) => send({ type: 'SET_ANSWER', field: 'specialRequests', value })}
      />
    </>
  );
}

/** The body component of each step. */
export const STEP_BODIES: Readonly<Record<StepId, (props: StepProps) => ReactNode>> = {
  'service-type': ServiceTypeStep,
  'property-size': PropertySizeStep,
  'carpet-question': CarpetQuestionStep,
  'carpet-areas': CarpetAreasStep,
  'standalone-carpet-areas': CarpetAreasStep,
  'oven-details': OvenDetailsStep,
  'window-details': WindowDetailsStep,
  'ndis-client-details': NdisClientDetailsStep,
  timing: TimingStep,
  'contact-info': ContactInfoStep,
  'terms-agreement': TermsAgreementStep,
  'final-details': FinalDetailsStep,
};
