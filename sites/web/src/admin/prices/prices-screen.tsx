import './prices.css';
import { SERVICE_LABELS, SERVICE_TYPES } from '@cleanquote/quote-core';
import {
  formatAud,
  type PriceItem,
  type PriceList,
  type PriceListInput,
  priceItems,
} from '@cleanquote/quote-core/staff';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { type FieldError, type FieldPath, get, useForm } from 'react-hook-form';
import { showToast } from '../../state/site-state.ts';
import { formatMelbourneTime } from '../../ui/melbourne-time.ts';
import { showServerFieldErrors } from '../lib/field-errors.ts';
import { reportFormFailure } from '../lib/query-client.ts';
import { PRICE_KEYS, type PriceFormValues, priceFormResolver, priceFormValues } from './price-form.ts';
import { type PriceChange, priceHistoryQuery, pricesScreenQuery, useSavePrices } from './prices-queries.ts';

/**
 * /prices: the price list a quote request's 'Prepare Quote' starts from — every price, grouped by
 * service, typed in dollars, and 'Save Prices' — then every change of a price, who made it and when.
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
        What each answer of a quote request costs, in dollars, GST inclusive. 'Prepare Quote' on a quote
        request starts from these prices; customers never see this list.
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

/** The groups of the form: each service's prices, then the surcharge that applies to any of them. */
function groupsOf(list: PriceList): { legend: string; items: PriceItem[] }[] {
  const items = priceItems(list);
  return [
    ...SERVICE_TYPES.map((service) => ({
      legend: SERVICE_LABELS[service],
      items: items.filter((item) => item.service === service),
    })),
    { legend: 'Urgency', items: items.filter((item) => item.service === undefined) },
  ];
}

/** How many prices `saved` changed from `before`. */
function changedCount(before: PriceList, saved: PriceList): number {
  const old = new Map(priceItems(before).map((item) => [item.key, item.cents]));
  return priceItems(saved).filter((item) => old.get(item.key) !== item.cents).length;
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
        const changed = changedCount(list, saved);
        showToast({
          title: 'Prices Saved',
          description:
            changed === 0
              ? 'No price changed.'
              : `${changed} price${changed === 1 ? '' : 's'} changed. New quotes start from them.`,
        });
      },
      onError: (error) => {
        if (showServerFieldErrors(error, PRICE_KEYS as FieldPath<PriceFormValues>[], setError)) return;
        reportFormFailure(error, 'Prices Not Saved', 'The prices could not be saved. Please try again.');
      },
    });
  });

  return (
    <form className="price-form" onSubmit={(event) => void submit(event)} noValidate>
      {groupsOf(list).map((group) => (
        <fieldset key={group.legend} className="card price-group">
          <legend>{group.legend}</legend>
          <div className="price-group__fields">
            {group.items.map((item) => {
              const id = fieldId(item.key);
              const message = (get(formState.errors, item.key) as FieldError | undefined)?.message;
              // The service is the group's legend; the label keeps it for assistive technology,
              // so every price's name says which service it belongs to.
              const prefix = item.service ? `${SERVICE_LABELS[item.service]}: ` : '';
              const own =
                prefix && item.label.startsWith(prefix) ? item.label.slice(prefix.length) : item.label;
              return (
                <div key={item.key} className="field price-field">
                  <label htmlFor={id}>
                    {own === item.label ? null : <span className="visually-hidden">{prefix}</span>}
                    {own}
                  </label>
                  <div className="money-input">
                    <span className="money-input__sign" aria-hidden="true">
                      $
                    </span>
                    <input
                      id={id}
                      inputMode="decimal"
                      autoComplete="off"
                      spellCheck={false}
                      {...register(item.key as FieldPath<PriceFormValues>)}
                      aria-invalid={message ? true : undefined}
                      aria-describedby={message ? `${id}-error` : undefined}
                    />
                  </div>
                  {message ? (
                    <p id={`${id}-error`} className="field-error">
                      {message}
                    </p>
                  ) : null}
                </div>
              );
            })}
          </div>
        </fieldset>
      ))}
      <div className="price-form__actions">
        <button type="submit" className="button" aria-disabled={save.isPending || undefined}>
          {save.isPending ? 'Saving...' : 'Save Prices'}
        </button>
      </div>
    </form>
  );
}

/** 'Price changes': who changed which price, when, from what to what (newest first). */
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
  return (
    <li>
      <strong>{change.label}</strong>: {formatAud(change.oldCents)} → {formatAud(change.newCents)}
      <span className="muted">
        {' '}
        by {change.actor.name || change.actor.email} on {formatMelbourneTime(change.at)}
      </span>
    </li>
  );
}
