import {
  discountAmountText,
  discountLineLabel,
  durationText,
  type FrequencyDiscounts,
  formatAud,
  MAX_LINE_DESCRIPTION,
  MAX_QUOTE_NOTE,
  MAX_VISIT_MINUTES,
  MIN_VISIT_MINUTES,
  perVisitText,
  QUOTE_FREQUENCIES,
  QUOTE_FREQUENCY_LABELS,
  type QuoteDraft,
  type QuoteFrequency,
  SERIES_FREQUENCIES,
  VISIT_MINUTES_STEP,
} from '@cleanquote/quote-core/staff';
import { useEffect, useId, useRef } from 'react';
import { type FieldError, type FieldErrors, get, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { showToast } from '../../state/site-state.ts';
import { showServerFieldErrors } from '../lib/field-errors.ts';
import { reportFormFailure } from '../lib/query-client.ts';
import { StaffApiError } from '../lib/staff-api.ts';
import { typedCount } from '../lib/typed-dollars.ts';
import {
  EMPTY_LINE,
  editorTotals,
  type QuoteDraftForm,
  quoteDraftResolver,
  serverPathOf,
} from './quote-draft-form.ts';
import { QuotePreviewButton } from './quote-preview-dialog.tsx';
import { type SentQuote, useSaveQuoteDraft, useSendQuote } from './quote-request-queries.ts';
import type { RequestWishes } from './request-wishes.ts';

/** Props of {@link PricedQuoteEditor}. */
export interface PricedQuoteEditorProps {
  /** The quote request's id. */
  requestId: string;
  /** The lines, note and estimated time the editor starts from. */
  initial: QuoteDraftForm;
  /** Whether the request has a quote already (saving is then a PUT, else the first POST). */
  hasQuote: boolean;
  /** Whether the latest version is a draft (sending it needs no save when nothing changed). */
  latestIsDraft: boolean;
  /** The version saving makes when the latest was sent (its link then shows that it was updated). */
  nextVersion: number | null;
  /** Whether the quote shows the GST its total includes (the business is registered for GST). */
  gstRegistered: boolean;
  /** The price list's discount of each frequency, in whole percent: what saving the quote takes off. */
  discountPercents: FrequencyDiscounts;
  /** The request's timing and special requests, shown beside the lines. */
  wishes?: RequestWishes | undefined;
  /** Closes the editor (after saving, sending or Cancel). */
  onClose: () => void;
  /** The quote went to the customer. */
  onSent: (sent: SentQuote) => void;
}

/** 'yyyy-MM-dd' as the business writes dates: 'dd/MM/yyyy'. */
export function dayLabel(day: string): string {
  return day.split('-').reverse().join('/');
}

/** The discount a frequency takes off, in whole percent, from the price list's (none for a one-off). */
export function discountPercentOf(frequency: QuoteFrequency, percents: FrequencyDiscounts): number {
  return frequency === 'once' ? 0 : percents[frequency];
}

/**
 * The quote editor: its lines (description, quantity, unit price in dollars, the line's total),
 * 'Add line' and 'Remove', 'How often' (one-off, or a regular clean with the price list's discount),
 * the visit's estimated time in minutes (its hours beside it), a note to the customer, the totals as
 * they are typed — the discount and the total per visit as the customer will see them — 'Save Draft',
 * 'Preview' (saved first, then the email and page as the customer gets them) and 'Send Quote'; the
 * request's timing and special requests stand beside the lines. Checked with the server's own schema before anything is sent; the server's
 * messages land on the same fields.
 */
export function PricedQuoteEditor({
  requestId,
  initial,
  hasQuote,
  latestIsDraft,
  nextVersion,
  gstRegistered,
  discountPercents,
  wishes,
  onClose,
  onSent,
}: PricedQuoteEditorProps) {
  const ids = useId();
  const saveDraft = useSaveQuoteDraft();
  const send = useSendQuote();
  const heading = useRef<HTMLHeadingElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  // Saved during this editing: the draft on the server is the one typed here.
  const saved = useRef<{ hasQuote: boolean; isDraft: boolean }>({ hasQuote, isDraft: latestIsDraft });
  const form = useForm<QuoteDraftForm, unknown, QuoteDraft>({
    resolver: quoteDraftResolver,
    defaultValues: initial,
  });
  const { register, control, handleSubmit, setError, setFocus, reset, formState } = form;
  const { isDirty } = formState;
  const lines = useFieldArray({ control, name: 'lines' });
  const typed = useWatch({ control, name: 'lines' });
  const typedMinutes = typedCount(useWatch({ control, name: 'durationMinutes' }) ?? '');
  const frequency = useWatch({ control, name: 'frequency' }) ?? 'once';
  const { lineTotals, totals } = editorTotals(
    typed ?? [],
    gstRegistered,
    discountPercentOf(frequency, discountPercents),
  );
  const busy = saveDraft.isPending || send.isPending;

  // Opening the editor moves focus to its heading, so its lines are read from the top.
  useEffect(() => heading.current?.focus(), []);

  // After 'Remove', focus goes to the line that took the removed one's place (set once it renders).
  const focusAfterRemove = useRef<number | null>(null);
  useEffect(() => {
    const index = focusAfterRemove.current;
    if (index === null) return;
    focusAfterRemove.current = null;
    if (index >= 0 && index < lines.fields.length) setFocus(`lines.${index}.description`);
    else addButton.current?.focus();
  }, [lines.fields, setFocus]);

  const linesProblem: string | undefined =
    formState.errors.lines?.root?.message ?? formState.errors.lines?.message;

  /** The server's 400: each field's message on the editor's field of the same name, focus on the first. */
  const showServerFields = (error: unknown): boolean => {
    const order = [
      ...lines.fields.flatMap((_, index) => [
        `lines.${index}.description` as const,
        `lines.${index}.quantity` as const,
        `lines.${index}.unitPrice` as const,
      ]),
      'frequency' as const,
      'durationMinutes' as const,
      'note' as const,
    ];
    const shown = showServerFieldErrors(error, order, setError, { nameOnServer: serverPathOf });
    const listProblem = error instanceof StaffApiError ? error.fields.lines : undefined;
    if (typeof listProblem === 'string') {
      setError('lines', { type: 'server', message: listProblem });
      if (!shown) addButton.current?.focus();
      return true;
    }
    return shown;
  };

  /** Saves the typed draft; false when the server refused it (its messages are on the fields). */
  const save = async (draft: QuoteDraft, values: QuoteDraftForm): Promise<boolean> => {
    try {
      await saveDraft.mutateAsync({ id: requestId, draft, first: !saved.current.hasQuote });
    } catch (error) {
      if (!showServerFields(error)) {
        reportFormFailure(error, 'Quote Not Saved', 'The quote could not be saved. Please try again.');
      }
      return false;
    }
    saved.current = { hasQuote: true, isDraft: true };
    reset(values);
    return true;
  };

  // With nothing but the list's own message to show, focus goes where a line is added.
  const onInvalid = (errors: FieldErrors<QuoteDraftForm>) => {
    const onlyTheList = Object.keys(errors).every((name) => name === 'lines');
    if (onlyTheList && errors.lines?.root && Object.keys(errors.lines).every((key) => key === 'root'))
      addButton.current?.focus();
  };

  const submitDraft = handleSubmit(async (draft) => {
    if (busy) return;
    if (!(await save(draft, form.getValues()))) return;
    showToast({
      title: 'Draft Saved',
      description: 'The quote is saved as a draft; the customer sees nothing until it is sent.',
    });
    onClose();
  }, onInvalid);

  const submitSend = handleSubmit(async (draft) => {
    if (busy) return;
    // Only what is on the server is sent: a changed or never saved draft is saved first.
    const needsSave = !saved.current.isDraft || isDirty;
    if (needsSave && !(await save(draft, form.getValues()))) return;
    let sent: SentQuote;
    try {
      sent = await send.mutateAsync(requestId);
    } catch {
      // The one error handler has said why; the draft is saved.
      return;
    }
    onSent(sent);
  }, onInvalid);

  /** Before a preview: what was typed is checked and saved, so the preview is what is sent. */
  const saveForPreview = () =>
    new Promise<boolean>((resolve) => {
      void handleSubmit(
        async (draft) => {
          const needsSave = !saved.current.isDraft || isDirty;
          resolve(needsSave ? await save(draft, form.getValues()) : true);
        },
        (errors) => {
          onInvalid(errors);
          resolve(false);
        },
      )();
    });

  const remove = (index: number) => {
    // The pressed button goes with its line: focus moves to the line after it, else the one before,
    // else 'Add line'.
    focusAfterRemove.current = index < lines.fields.length - 1 ? index : index - 1;
    lines.remove(index);
  };

  const fieldMessage = (path: string): string | undefined =>
    (get(formState.errors, path) as FieldError | undefined)?.message;
  const noteMessage = fieldMessage('note');
  const timeMessage = fieldMessage('durationMinutes');
  const frequencyMessage = fieldMessage('frequency');
  // The typed minutes in hours, once they are a whole number of minutes the quote could take.
  const hours =
    Number.isInteger(typedMinutes) && typedMinutes >= MIN_VISIT_MINUTES && typedMinutes <= MAX_VISIT_MINUTES
      ? durationText(typedMinutes)
      : '—';

  return (
    <form
      className="quote-editor"
      aria-labelledby={`${ids}-heading`}
      onSubmit={(event) => void submitDraft(event)}
      noValidate
    >
      <h3 id={`${ids}-heading`} ref={heading} tabIndex={-1}>
        {hasQuote ? 'Edit Quote' : 'Prepare Quote'}
      </h3>
      {nextVersion !== null ? (
        <p className="quote-editor__notice">
          Editing makes version {nextVersion}; the customer's earlier link will show that the quote was
          updated.
        </p>
      ) : null}
      <p className="muted">Prices in dollars, GST inclusive.</p>

      <div className="quote-editor__columns">
        <ol className="quote-lines">
          {lines.fields.map((field, index) => {
            const number = index + 1;
            const fieldId = (name: string) => `${ids}-line-${field.id}-${name}`;
            const controlProps = (name: 'description' | 'quantity' | 'unitPrice') => {
              const message = fieldMessage(`lines.${index}.${name}`);
              return {
                id: fieldId(name),
                'aria-invalid': message ? true : undefined,
                'aria-describedby': message ? `${fieldId(name)}-error` : undefined,
              };
            };
            const error = (name: 'description' | 'quantity' | 'unitPrice') => {
              const message = fieldMessage(`lines.${index}.${name}`);
              return message ? (
                <p id={`${fieldId(name)}-error`} className="field-error">
                  {message}
                </p>
              ) : null;
            };
            const total = lineTotals[index];
            return (
              <li key={field.id} className="quote-line">
                <fieldset className="quote-line__fields">
                  <legend>Line {number}</legend>
                  <div className="field quote-line__description">
                    <label htmlFor={fieldId('description')}>Description</label>
                    <input
                      {...controlProps('description')}
                      maxLength={MAX_LINE_DESCRIPTION}
                      autoComplete="off"
                      {...register(`lines.${index}.description`)}
                    />
                    {error('description')}
                  </div>
                  <div className="field quote-line__quantity">
                    <label htmlFor={fieldId('quantity')}>Quantity</label>
                    <input
                      {...controlProps('quantity')}
                      inputMode="numeric"
                      autoComplete="off"
                      {...register(`lines.${index}.quantity`)}
                    />
                    {error('quantity')}
                  </div>
                  <div className="field quote-line__price">
                    <label htmlFor={fieldId('unitPrice')}>Unit price</label>
                    <div className="money-input">
                      <span className="money-input__sign" aria-hidden="true">
                        $
                      </span>
                      <input
                        {...controlProps('unitPrice')}
                        inputMode="decimal"
                        autoComplete="off"
                        spellCheck={false}
                        {...register(`lines.${index}.unitPrice`)}
                      />
                    </div>
                    {error('unitPrice')}
                  </div>
                  <p className="quote-line__total">
                    <span className="quote-line__total-label">Line total</span>{' '}
                    <span>{total === null || total === undefined ? '—' : formatAud(total)}</span>
                  </p>
                  <button
                    type="button"
                    className="button button--outline quote-line__remove"
                    onClick={() => remove(index)}
                  >
                    Remove<span className="visually-hidden"> line {number}</span>
                  </button>
                </fieldset>
              </li>
            );
          })}
        </ol>
        {wishes ? <RequestWishesAside wishes={wishes} /> : null}
      </div>
      {linesProblem ? (
        <p id={`${ids}-lines-error`} className="field-error">
          {linesProblem}
        </p>
      ) : null}
      <p>
        <button
          ref={addButton}
          type="button"
          className="button button--outline"
          aria-describedby={linesProblem ? `${ids}-lines-error` : undefined}
          onClick={() => lines.append({ ...EMPTY_LINE }, { shouldFocus: true })}
        >
          Add line
        </button>
      </p>

      <div className="field quote-editor__frequency">
        <label htmlFor={`${ids}-frequency`}>How often</label>
        <select
          id={`${ids}-frequency`}
          // Selected from the first render: react-hook-form alone can leave the first option showing.
          defaultValue={initial.frequency}
          {...register('frequency')}
          aria-invalid={frequencyMessage ? true : undefined}
          aria-describedby={[`${ids}-frequency-hint`, frequencyMessage ? `${ids}-frequency-error` : '']
            .filter(Boolean)
            .join(' ')}
        >
          {QUOTE_FREQUENCIES.map((option) => (
            <option key={option} value={option}>
              {QUOTE_FREQUENCY_LABELS[option]}
            </option>
          ))}
        </select>
        <p id={`${ids}-frequency-hint`} className="muted">
          A regular clean takes the price list's discount off every visit:{' '}
          {SERIES_FREQUENCIES.map(
            (option) => `${QUOTE_FREQUENCY_LABELS[option].toLowerCase()} ${discountPercents[option]}%`,
          ).join(', ')}
          .
        </p>
        {frequencyMessage ? (
          <p id={`${ids}-frequency-error`} className="field-error">
            {frequencyMessage}
          </p>
        ) : null}
      </div>

      <div className="field quote-editor__time">
        <label htmlFor={`${ids}-time`}>Estimated time (minutes)</label>
        <div className="minutes-input">
          <input
            id={`${ids}-time`}
            type="number"
            inputMode="numeric"
            min={MIN_VISIT_MINUTES}
            max={MAX_VISIT_MINUTES}
            step={VISIT_MINUTES_STEP}
            autoComplete="off"
            {...register('durationMinutes')}
            aria-invalid={timeMessage ? true : undefined}
            aria-describedby={[
              `${ids}-time-hours`,
              `${ids}-time-hint`,
              timeMessage ? `${ids}-time-error` : '',
            ]
              .filter(Boolean)
              .join(' ')}
          />
          <span id={`${ids}-time-hours`} className="minutes-input__unit">
            {hours}
          </span>
        </div>
        <p id={`${ids}-time-hint`} className="muted">
          How long the visit takes, from the price list's times for this request; the customer is offered
          times this long.
        </p>
        {timeMessage ? (
          <p id={`${ids}-time-error`} className="field-error">
            {timeMessage}
          </p>
        ) : null}
      </div>

      <div className="field">
        <label htmlFor={`${ids}-note`}>Note to the customer</label>
        <textarea
          id={`${ids}-note`}
          rows={3}
          maxLength={MAX_QUOTE_NOTE}
          {...register('note')}
          aria-invalid={noteMessage ? true : undefined}
          aria-describedby={noteMessage ? `${ids}-note-hint ${ids}-note-error` : `${ids}-note-hint`}
        />
        <p id={`${ids}-note-hint`} className="muted">
          Shown in the quote's email and on the customer's page.
        </p>
        {noteMessage ? (
          <p id={`${ids}-note-error`} className="field-error">
            {noteMessage}
          </p>
        ) : null}
      </div>

      <QuoteTotalsList totals={totals} frequency={frequency} gstRegistered={gstRegistered} live />

      <div className="button-row button-row--tight">
        <button type="submit" className="button button--outline" aria-disabled={busy || undefined}>
          {saveDraft.isPending && !send.isPending ? 'Saving...' : 'Save Draft'}
        </button>
        <QuotePreviewButton
          requestId={requestId}
          beforePreview={saveForPreview}
          onSend={() => void submitSend()}
          sending={send.isPending}
          busy={busy}
        />
        <button
          type="button"
          className="button"
          aria-disabled={busy || undefined}
          onClick={() => void submitSend()}
        >
          {send.isPending ? 'Sending...' : 'Send Quote'}
        </button>
        <button type="button" className="button button--outline" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The request's timing and special requests, as the customer gave them, beside the lines. */
function RequestWishesAside({ wishes }: { wishes: RequestWishes }) {
  const headingId = useId();
  return (
    <aside className="quote-editor__request" aria-labelledby={headingId}>
      <h4 id={headingId}>The request</h4>
      <dl>
        <dt>Timing</dt>
        <dd>{wishes.timing ?? 'Not given'}</dd>
        <dt>Special requests</dt>
        <dd>{wishes.specialRequests ?? 'None'}</dd>
      </dl>
    </aside>
  );
}

/** Props of {@link QuoteTotalsList}. */
export interface QuoteTotalsListProps {
  totals: {
    subtotalCents: number;
    discountPercent: number;
    discountCents: number;
    totalCents: number;
    gstCents: number;
  };
  /** How often the clean is done: a regular clean's total is per visit, after its discount. */
  frequency: QuoteFrequency;
  gstRegistered: boolean;
  /** Announce changes politely (the editor's totals change as staff type). */
  live?: boolean;
}

/**
 * The quote's sums as the customer sees them: for a regular clean 'Subtotal' and its discount
 * ('Weekly discount (15%)', '−$38.25') first; then 'Total (incl. GST)' (per visit, weekly for a
 * regular clean) and 'GST included' — or just 'Total' for a business not registered for GST.
 */
export function QuoteTotalsList({ totals, frequency, gstRegistered, live = false }: QuoteTotalsListProps) {
  return (
    <dl className="quote-totals" aria-live={live ? 'polite' : undefined}>
      {frequency === 'once' ? null : (
        <>
          <div>
            <dt>Subtotal</dt>
            <dd>{formatAud(totals.subtotalCents)}</dd>
          </div>
          <div>
            <dt>{discountLineLabel(frequency, totals.discountPercent)}</dt>
            <dd>{discountAmountText(totals.discountCents)}</dd>
          </div>
        </>
      )}
      <div>
        <dt>{gstRegistered ? 'Total (incl. GST)' : 'Total'}</dt>
        <dd>
          {formatAud(totals.totalCents)}
          {frequency === 'once' ? null : (
            <span className="quote-totals__per-visit"> {perVisitText(frequency)}</span>
          )}
        </dd>
      </div>
      {gstRegistered ? (
        <div>
          <dt>GST included</dt>
          <dd>{formatAud(totals.gstCents)}</dd>
        </div>
      ) : null}
    </dl>
  );
}
