import './prices.css';
import { SERVICE_LABELS, SERVICE_TYPES } from '@cleanquote/quote-core';
import {
  type DiscountItem,
  type DurationItem,
  discountItems,
  durationItems,
  durationText,
  formatAud,
  type PriceItem,
  type PriceList,
  type PriceListInput,
  priceItems,
} from '@cleanquote/quote-core/staff';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import {
  type FieldError,
  type FieldErrors,
  type FieldPath,
  get,
  type UseFormRegister,
  useForm,
} from 'react-hook-form';
import { showToast } from '../../state/site-state.ts';
import { formatMelbourneTime } from '../../ui/melbourne-time.ts';
import { showServerFieldErrors } from '../lib/field-errors.ts';
import { reportFormFailure } from '../lib/query-client.ts';
import { FIELD_KEYS, type PriceFormValues, priceFormResolver, priceFormValues } from './price-form.ts';
import { type PriceChange, priceHistoryQuery, pricesScreenQuery, useSavePrices } from './prices-queries.ts';

/**
 * /prices: the price list a quote request's 'Prepare Quote' starts from — every price, grouped by
 * service, typed in dollars, with each service's estimated time in minutes, the discount a regular
 * clean takes off each visit in percent, and 'Save Prices' — then every change of a price, time or
 * discount, who made it and when.
 * Prices are no customer data, so the quote dashboard's password does not guard them; they never
 * appear on the public site.
 */
export function PricesScreen() {
  const { data: list, isError } = useQuery(pricesScreenQuery);
  return (
    <>
      <div className="page-header">
        <h1>Price List</h1>
      </div>
      <p className="muted">
        What each answer of a quote request costs, in dollars, GST inclusive, how long each service takes, in
        minutes, and what a regular clean takes off each visit, in percent. 'Prepare Quote' on a quote request
        starts from these prices, times and discounts; customers never see this list.
      </p>
      {list ? (
        <PriceForm list={list} />
      ) : isError ? (
        <p>The price list could not be loaded. Please reload the page to try again.</p>
      ) : (
        <p role="status">Loading prices…</p>
      )}
      <PriceChanges />
    </>
  );
}

/**
 * The groups of the form: each service's prices and its estimated time, then the surcharge that
 * applies to any of them.
 */
function groupsOf(
  list: PriceList,
): { legend: string; prefix: string; items: PriceItem[]; times: DurationItem[] }[] {
  const items = priceItems(list);
  const times = durationItems(list);
  return [
    ...SERVICE_TYPES.map((service) => ({
      legend: SERVICE_LABELS[service],
      // The service is the group's legend; each label keeps it for assistive technology, so every
      // price's and time's name says which service it belongs to.
      prefix: `${SERVICE_LABELS[service]}: `,
      items: items.filter((item) => item.service === service),
      times: times.filter((item) => item.service === service),
    })),
    { legend: 'Urgency', prefix: '', items: items.filter((item) => item.service === undefined), times: [] },
  ];
}

interface ChangedCount {
  prices: number;
  times: number;
  discounts: number;
}

/** How many prices, times and discounts `saved` changed from `before`. */
function changedCount(before: PriceList, saved: PriceList): ChangedCount {
  const oldPrices = new Map(priceItems(before).map((item) => [item.key, item.cents]));
  const oldTimes = new Map(durationItems(before).map((item) => [item.key, item.minutes]));
  const oldDiscounts = new Map(discountItems(before).map((item) => [item.key, item.percent]));
  return {
    prices: priceItems(saved).filter((item) => oldPrices.get(item.key) !== item.cents).length,
    times: durationItems(saved).filter((item) => oldTimes.get(item.key) !== item.minutes).length,
    discounts: discountItems(saved).filter((item) => oldDiscounts.get(item.key) !== item.percent).length,
  };
}

/** 'No price changed.', '1 price changed. …', '2 prices, 1 time and 1 discount changed. …' */
function savedMessage({ prices, times, discounts }: ChangedCount): string {
  const counted = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;
  const parts = [
    ...(prices > 0 ? [counted(prices, 'price')] : []),
    ...(times > 0 ? [counted(times, 'time')] : []),
    ...(discounts > 0 ? [counted(discounts, 'discount')] : []),
  ];
  if (parts.length === 0) return 'No price changed.';
  const listed = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts.join('');
  return `${listed} changed. New quotes start from them.`;
}

/** Props of {@link AmountField}. */
interface AmountFieldProps {
  item: { key: string; label: string };
  unit: 'dollars' | 'minutes' | 'percent';
  fieldId: (key: string) => string;
  register: UseFormRegister<PriceFormValues>;
  errors: FieldErrors<PriceFormValues>;
  /** Where the group's legend already says it, the part of the label the screen need not repeat. */
  hiddenPrefix: string;
}

/**
 * One price (typed in dollars), time (typed in minutes) or discount (typed in percent), with its
 * server's message under it.
 */
function AmountField({ item, unit, fieldId, register, errors, hiddenPrefix }: AmountFieldProps) {
  const id = fieldId(item.key);
  const message = (get(errors, item.key) as FieldError | undefined)?.message;
  const own =
    hiddenPrefix && item.label.startsWith(hiddenPrefix) ? item.label.slice(hiddenPrefix.length) : item.label;
  const input = (
    <input
      id={id}
      inputMode={unit === 'dollars' ? 'decimal' : 'numeric'}
      autoComplete="off"
      spellCheck={false}
      {...register(item.key as FieldPath<PriceFormValues>)}
      aria-invalid={message ? true : undefined}
      aria-describedby={message ? `${id}-error` : undefined}
    />
  );
  return (
    <div className="field price-field">
      <label htmlFor={id}>
        {/* Each space stays outside the hidden words: accessible names drop it from inside them. */}
        {own === item.label ? null : (
          <>
            <span className="visually-hidden">{hiddenPrefix.trimEnd()}</span>{' '}
          </>
        )}
        {own}
        {unit === 'minutes' ? (
          <>
            {' '}
            <span className="visually-hidden">in minutes</span>
          </>
        ) : null}
      </label>
      {unit === 'dollars' ? (
        <div className="money-input">
          <span className="money-input__sign" aria-hidden="true">
            $
          </span>
          {input}
        </div>
      ) : (
        <div className="minutes-input">
          {input}
          <span className="minutes-input__unit" aria-hidden="true">
            {unit === 'minutes' ? 'min' : '%'}
          </span>
        </div>
      )}
      {message ? (
        <p id={`${id}-error`} className="field-error">
          {message}
        </p>
      ) : null}
    </div>
  );
}

function PriceForm({ list }: { list: PriceList }) {
  const ids = useId();
  const save = useSavePrices();
  const { register, handleSubmit, setError, reset, formState } = useForm<
    PriceFormValues,
    unknown,
    PriceListInput
  >({ resolver: priceFormResolver, defaultValues: priceFormValues(list) });
  const fieldId = (key: string) => `${ids}-${key.replaceAll('.', '-')}`;

  const submit = handleSubmit((prices) => {
    if (save.isPending) return;
    save.mutate(prices, {
      onSuccess: (saved) => {
        reset(priceFormValues(saved));
        showToast({ title: 'Prices Saved', description: savedMessage(changedCount(list, saved)) });
      },
      onError: (error) => {
        if (showServerFieldErrors(error, FIELD_KEYS as FieldPath<PriceFormValues>[], setError)) return;
        reportFormFailure(error, 'Prices Not Saved', 'The prices could not be saved. Please try again.');
      },
    });
  });

  return (
    <form className="price-form" onSubmit={(event) => void submit(event)} noValidate>
      {groupsOf(list).map(({ legend, prefix, items, times }) => {
        const field = { fieldId, register, errors: formState.errors };
        return (
          <fieldset key={legend} className="card price-group">
            <legend>{legend}</legend>
            <div className="price-group__fields">
              {items.map((item) => (
                <AmountField key={item.key} item={item} unit="dollars" hiddenPrefix={prefix} {...field} />
              ))}
            </div>
            {times.length > 0 ? (
              <fieldset className="price-times">
                <legend>
                  <span className="visually-hidden">{prefix.trimEnd()}</span> Estimated time
                </legend>
                <div className="price-group__fields">
                  {times.map((item) => (
                    <AmountField key={item.key} item={item} unit="minutes" hiddenPrefix={prefix} {...field} />
                  ))}
                </div>
              </fieldset>
            ) : null}
          </fieldset>
        );
      })}
      <DiscountGroup items={discountItems(list)} field={{ fieldId, register, errors: formState.errors }} />
      <div className="price-form__actions">
        <button type="submit" className="button" aria-disabled={save.isPending || undefined}>
          {save.isPending ? 'Saving...' : 'Save Prices'}
        </button>
      </div>
    </form>
  );
}

/** The regular cleans' discounts: what each visit of a weekly, fortnightly or 4-weekly clean takes off. */
function DiscountGroup({
  items,
  field,
}: {
  items: DiscountItem[];
  field: Pick<AmountFieldProps, 'fieldId' | 'register' | 'errors'>;
}) {
  const hintId = `${field.fieldId('frequencyDiscountPercent')}-hint`;
  return (
    <fieldset className="card price-group" aria-describedby={hintId}>
      <legend>Regular cleans</legend>
      <p id={hintId} className="muted">
        Taken off every visit of a regular clean, in whole percent from 0 to 50; a one-off clean has no
        discount.
      </p>
      <div className="price-group__fields">
        {items.map((item) => (
          <AmountField key={item.key} item={item} unit="percent" hiddenPrefix="" {...field} />
        ))}
      </div>
    </fieldset>
  );
}

/** 'Price changes': who changed which price or time, when, from what to what (newest first). */
function PriceChanges() {
  const { data: changes } = useQuery(priceHistoryQuery);
  const headingId = useId();
  return (
    <section className="card price-changes" aria-labelledby={headingId}>
      <h2 id={headingId}>Price changes</h2>
      {changes === undefined ? (
        <p role="status">Loading price changes…</p>
      ) : changes.length === 0 ? (
        <p>No price has been changed yet: every price is the default.</p>
      ) : (
        <ol className="price-changes__list">
          {changes.map((change) => (
            <PriceChangeItem key={change.id} change={change} />
          ))}
        </ol>
      )}
    </section>
  );
}

function PriceChangeItem({ change }: { change: PriceChange }) {
  // A time's amounts are minutes, a discount's percent, a price's cents.
  const amount =
    change.unit === 'minutes'
      ? durationText
      : change.unit === 'percent'
        ? (percent: number) => `${percent}%`
        : formatAud;
  return (
    <li>
      <strong>{change.label}</strong>: {amount(change.oldCents)} → {amount(change.newCents)}
      <span className="muted">
        {' '}
        by {change.actor.name || change.actor.email} on {formatMelbourneTime(change.at)}
      </span>
    </li>
  );
}
