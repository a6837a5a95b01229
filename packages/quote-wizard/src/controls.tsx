/**
 * The wizard's form controls. Native inputs throughout (radio groups in fieldsets, checkboxes,
 * labelled text fields), so keyboard use, radio-group semantics and form autofill come from the browser.
 * None of them decides what is valid: errors and enabled states are passed in from the machine.
 */
import type { QuoteOption } from '@cleanquote/quote-core';
import {
  type ChangeEvent,
  createContext,
  type MouseEvent,
  type ReactNode,
  type Ref,
  useContext,
  useId,
} from 'react';

/**
 * The wizard's own name (its `label` prop), read out after every heading: the headings name the form
 * and the regions, so several wizards on one page never repeat a landmark's name.
 */
export const WizardLabelContext = createContext<string | undefined>(undefined);

/** A heading level the wizard renders. */
export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

/** One level below `level`, never past h6. */
export function subLevel(level: HeadingLevel, by = 1): HeadingLevel {
  return Math.min(6, level + by) as HeadingLevel;
}

/** An `h1`…`h6` chosen at run time. */
export function Heading({
  level,
  children,
  className,
  id,
  headingRef,
  focusable = false,
  part,
}: {
  level: HeadingLevel;
  children: ReactNode;
  className?: string;
  id?: string;
  /** Shadow part name(s), for the embed's `::part()` styling. */
  part?: string;
  headingRef?: Ref<HTMLHeadingElement>;
  /** Programmatically focusable (tabIndex -1), for focus moves on step change. */
  focusable?: boolean;
}) {
  const Tag = `h${level}` as const;
  const label = useContext(WizardLabelContext);
  return (
    <Tag className={className} id={id} ref={headingRef} tabIndex={focusable ? -1 : undefined} part={part}>
      {children}
      {label ? <span className="cq-sr-only">{` (${label})`}</span> : null}
    </Tag>
  );
}

function RequiredMark({ required }: { required: boolean }) {
  return required ? (
    <span className="cq-required" aria-hidden="true">
      {' *'}
    </span>
  ) : (
    <span className="cq-optional"> (optional)</span>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="cq-field__error" id={id}>
      {message}
    </p>
  );
}

/**
 * A radio group shown as cards. Each radio is named by its whole card, the
 * note included (WCAG 2.5.3 Label in Name: 'Urgent Today/Tomorrow', 'End of Lease Cleaning
 * Bond-back guarantee'), so what people see is what they can say or hear.
 */
export function ChoiceCards<TId extends string>({
  idPrefix,
  name,
  legend,
  labelledBy,
  options,
  value,
  onChange,
  required = false,
  error,
  compact = false,
}: {
  /** Prefix of the element ids; unique per wizard. */
  idPrefix: string;
  /** The answer field: the radios' name, posted with the form. */
  name: string;
  /** Visible legend; omit when `labelledBy` names the group (e.g. the step heading). */
  legend?: string;
  labelledBy?: string;
  options: readonly QuoteOption<TId>[];
  value: TId | undefined;
  onChange: (id: TId) => void;
  required?: boolean;
  error?: string | undefined;
  /** Short labels (counts): a denser grid. */
  compact?: boolean;
}) {
  const errorId = `${idPrefix}-error`;
  return (
    <fieldset
      className="cq-choices"
      aria-labelledby={legend ? undefined : labelledBy}
      aria-describedby={error ? errorId : undefined}
    >
      {legend ? (
        <legend className="cq-choices__legend">
          {legend}
          <RequiredMark required={required} />
        </legend>
      ) : null}
      <div className={compact ? 'cq-choices__grid cq-choices__grid--compact' : 'cq-choices__grid'}>
        {options.map((option) => {
          const id = `${idPrefix}-${option.id}`;
          return (
            <label className="cq-choice" key={option.id} htmlFor={id}>
              <input
                className="cq-choice__input"
                type="radio"
                id={id}
                name={name}
                value={option.id}
                checked={value === option.id}
                required={required}
                onChange={() => onChange(option.id)}
              />
              <span className="cq-choice__text">
                <span className="cq-choice__label">{option.label}</span>
                {/* The space keeps label and note apart in the accessible name, whatever the CSS. */}
                {option.description ? ' ' : null}
                {option.description ? <span className="cq-choice__note">{option.description}</span> : null}
              </span>
            </label>
          );
        })}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

/** Optional extras: each a checkbox that toggles. */
export function CheckboxList<TId extends string>({
  idPrefix,
  name,
  legend,
  options,
  selected,
  onToggle,
}: {
  /** Prefix of the element ids; unique per wizard. */
  idPrefix: string;
  /** The answer field: the checkboxes' name, posted with the form. */
  name: string;
  legend: string;
  options: readonly QuoteOption<TId>[];
  selected: readonly TId[];
  onToggle: (id: TId) => void;
}) {
  return (
    <fieldset className="cq-choices">
      <legend className="cq-choices__legend">
        {legend}
        <RequiredMark required={false} />
      </legend>
      <div className="cq-choices__grid">
        {options.map((option) => {
          const id = `${idPrefix}-${option.id}`;
          return (
            <label className="cq-choice cq-choice--check" key={option.id} htmlFor={id}>
              <input
                className="cq-choice__input"
                type="checkbox"
                id={id}
                name={name}
                value={option.id}
                checked={selected.includes(option.id)}
                onChange={() => onToggle(option.id)}
              />
              <span className="cq-choice__text">
                <span className="cq-choice__label">{option.label}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** A labelled text input; required ones are marked with a visible asterisk and `required`. */
export function TextField({
  id,
  name,
  inputRef,
  label,
  value,
  onChange,
  onBlur,
  type = 'text',
  required = false,
  error,
  autoComplete,
  inputMode,
  maxLength,
  min,
  max,
  hint,
}: {
  id: string;
  /** The answer field, posted with the form. */
  name: string;
  inputRef?: Ref<HTMLInputElement>;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  type?: 'text' | 'email' | 'tel' | 'number';
  required?: boolean;
  error?: string | undefined;
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  maxLength?: number;
  min?: number;
  max?: number;
  hint?: string;
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className="cq-field">
      <label className="cq-field__label" htmlFor={id}>
        {label}
        <RequiredMark required={required} />
      </label>
      {hint ? (
        <p className="cq-field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <input
        className="cq-field__input"
        id={id}
        name={name}
        ref={inputRef}
        type={type}
        value={value}
        required={required}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        min={min}
        max={max}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** A labelled, optional textarea. */
export function TextAreaField({
  id,
  name,
  label,
  value,
  onChange,
  maxLength,
  rows = 4,
}: {
  id: string;
  /** The answer field, posted with the form. */
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  rows?: number;
}) {
  return (
    <div className="cq-field">
      <label className="cq-field__label" htmlFor={id}>
        {label}
        <RequiredMark required={false} />
      </label>
      <textarea
        className="cq-field__input cq-field__input--area"
        id={id}
        name={name}
        rows={rows}
        value={value}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/**
 * A room counter: two labelled buttons and the count, announced politely. The buttons stay focusable
 * when they cannot act (aria-disabled), so a keyboard user who reaches the maximum keeps their place.
 * They are submit buttons naming their action ('add:hallways'), so before and without the script the
 * form posts them (docs/decisions/0009); with it, they act at once and post nothing.
 */
export function Counter({
  label,
  singular,
  room,
  count,
  max,
  canAdd,
  canRemove,
  onAdd,
  onRemove,
}: {
  label: string;
  singular: string;
  /** The room kind, posted with the button ('add:<room>', 'remove:<room>'). */
  room: string;
  count: number;
  max: number;
  canAdd: boolean;
  canRemove: boolean;
  onAdd: () => void;
  onRemove: () => void;
}) {
  const labelId = useId();
  const button = (can: boolean, act: () => void, action: string) => ({
    type: 'submit' as const,
    name: 'action',
    value: `${action}:${room}`,
    className: 'cq-counter__button',
    'aria-disabled': can ? undefined : true,
    onClick: (event: MouseEvent) => {
      event.preventDefault();
      if (can) act();
    },
  });
  return (
    // A div, not a fieldset: a legend cannot take part in the counter's flex layout.
    // biome-ignore lint/a11y/useSemanticElements: role group names the counter's buttons and count
    <div className="cq-counter" role="group" aria-labelledby={labelId}>
      <span className="cq-counter__label" id={labelId}>
        {label}
        <span className="cq-counter__max"> (up to {max})</span>
      </span>
      <span className="cq-counter__controls">
        <button {...button(canRemove, onRemove, 'remove')}>
          <span aria-hidden="true">−</span>
          <span className="cq-sr-only">{`Remove one ${singular}`}</span>
        </button>
        <output className="cq-counter__count" aria-live="polite" aria-atomic="true">
          <span className="cq-sr-only">{`${label}: `}</span>
          {count}
          {count >= max ? <span className="cq-sr-only"> (maximum)</span> : null}
        </output>
        <button {...button(canAdd, onAdd, 'add')}>
          <span aria-hidden="true">+</span>
          <span className="cq-sr-only">{`Add one ${singular}`}</span>
        </button>
      </span>
    </div>
  );
}

/** A summary box: a heading and label/value rows. */
export function Summary({
  title,
  level,
  rows,
  empty,
}: {
  title: string;
  level: HeadingLevel;
  rows: readonly (readonly [string, string])[];
  empty?: string;
}) {
  const titleId = useId();
  return (
    <section className="cq-summary" aria-labelledby={titleId}>
      <Heading level={level} className="cq-summary__title" id={titleId}>
        {title}
      </Heading>
      {rows.length === 0 ? (
        <p className="cq-summary__empty">{empty}</p>
      ) : (
        <dl className="cq-summary__list">
          {rows.map(([term, detail]) => (
            <div className="cq-summary__row" key={term}>
              <dt className="cq-summary__term">{term}</dt>
              <dd className="cq-summary__detail">{detail}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
