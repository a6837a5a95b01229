import {
  XERO_TAX_TYPE_LABELS,
  XERO_TAX_TYPES,
  type XeroSyncSettingsInput,
  type XeroTaxType,
  xeroSyncSettings,
} from '@cleanquote/quote-core/staff';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { showToast } from '../../state/site-state.ts';
import { showServerFieldErrors } from '../lib/field-errors.ts';
import { StaffApiError } from '../lib/staff-api.ts';
import { useSaveXeroSync, type XeroSync, type XeroTenant, xeroSyncQuery } from './xero-queries.ts';

/** The checkbox's label: the same on every organisation, which its name describes. */
const SEND_QUOTES_LABEL = 'Send quotes and invoices to this organisation';
/** Said instead of the checkbox where Xero granted reports only. */
const RECONNECT_FOR_QUOTES = 'Reconnect to allow quotes and invoices';
/** The toast once nothing goes to Xero any more. */
const QUOTES_NOT_SENT = 'Quotes and invoices are no longer sent to Xero';

/** The toast's title once quotes and invoices go to `name`. */
const quotesGoTo = (name: string) => `Quotes and invoices go to ${name}`;

const lineCoding = (saved: XeroSync) =>
  `Quotes sent from now on are added to Xero on account ${saved.accountCode} with ${XERO_TAX_TYPE_LABELS[saved.taxType]}.`;

/** What each organisation of the list is told about the choice of where quotes and invoices go. */
export interface QuoteSyncChoice {
  /** The saved choice; undefined until read (or when it could not be read). */
  settings: XeroSync | undefined;
  /** The organisation ticked: the one being chosen while the choice is saved, else the saved one. */
  chosenId: string | null;
  busy: boolean;
  /** The server's message about the last choice of this organisation, if it refused it. */
  errorFor: (tenantId: string) => string | undefined;
  /** Ticks (`send`) or unticks an organisation. */
  choose: (tenant: XeroTenant, send: boolean) => void;
  /** The choice could not be read: the list says so once, with 'Try again'. */
  failed: boolean;
  retry: () => void;
}

/**
 * The one choice of the organisation that receives quotes and invoices, shared by the list so that
 * ticking one moves it: at most one is ticked, and one change is saved at a time.
 * @param onRefused the organisation can no longer be chosen (no write access, or gone): its checkbox
 *   is about to disappear, so focus goes somewhere that stays.
 */
export function useQuoteSyncChoice(onRefused: () => void): QuoteSyncChoice {
  const sync = useQuery(xeroSyncQuery);
  const save = useSaveXeroSync();
  const [refusal, setRefusal] = useState<{ tenantId: string; message: string } | null>(null);
  // The checkbox shows the choice being saved at once (set in the click itself, so it never flips
  // back meanwhile), until the saved choice it was made over is replaced by the server's answer.
  const [choosing, setChoosing] = useState<{ tenantId: string | null; over: XeroSync | undefined } | null>(
    null,
  );
  // Pressed twice before the first answer, the second press is ignored (React state lags a click).
  const saving = useRef(false);

  const choose = (tenant: XeroTenant, send: boolean) => {
    if (saving.current) return;
    saving.current = true;
    setRefusal(null);
    setChoosing({ tenantId: send ? tenant.tenantId : null, over: sync.data });
    save.mutate(
      { tenantId: send ? tenant.tenantId : null },
      {
        onSuccess: (saved) =>
          showToast(
            saved.tenantId
              ? { title: quotesGoTo(saved.tenantName ?? tenant.tenantName), description: lineCoding(saved) }
              : { title: QUOTES_NOT_SENT, description: 'Quotes and invoices already in Xero stay there.' },
          ),
        // The toast is the one error handler's; the organisation says what the server refused.
        onError: (error) => {
          setChoosing(null);
          if (!(error instanceof StaffApiError)) return;
          const message = error.fields.tenantId;
          if (message) setRefusal({ tenantId: tenant.tenantId, message });
          if (error.status === 409 || error.status === 404) onRefused();
        },
        onSettled: () => {
          saving.current = false;
        },
      },
    );
  };

  return {
    settings: sync.data,
    chosenId: choosing && choosing.over === sync.data ? choosing.tenantId : (sync.data?.tenantId ?? null),
    busy: save.isPending,
    errorFor: (tenantId) => (refusal?.tenantId === tenantId ? refusal.message : undefined),
    choose,
    failed: sync.isError,
    retry: () => void sync.refetch(),
  };
}

/**
 * One organisation's part in the choice: the checkbox 'Send quotes and invoices to this
 * organisation' (or, where Xero granted reports only, 'Reconnect to allow quotes and invoices'), and
 * for the chosen one its sales account code and tax type.
 */
export function OrganisationQuoteSync({
  tenant,
  nameId,
  choice,
}: {
  tenant: XeroTenant;
  /** The id of the organisation's name, which describes the checkbox. */
  nameId: string;
  choice: QuoteSyncChoice;
}) {
  const ids = useId();
  const { settings } = choice;
  if (!settings) return null;
  const chosen = choice.chosenId === tenant.tenantId;
  const savedHere = settings.tenantId === tenant.tenantId;
  const error = choice.errorFor(tenant.tenantId);
  // Chosen before Xero's grant changed, it keeps its checkbox: unticking is the way to stop.
  const offered = tenant.canWrite || savedHere;
  return (
    <div className="xero-sync">
      {tenant.canWrite ? null : <p className="xero-sync__reconnect">{RECONNECT_FOR_QUOTES}</p>}
      {offered ? (
        <label className="xero-sync__choice">
          <input
            type="checkbox"
            checked={chosen}
            // Busy, it stays focusable and says so; a press then changes nothing.
            aria-disabled={choice.busy || undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={[nameId, error ? `${ids}-error` : undefined].filter(Boolean).join(' ')}
            onChange={(event) => {
              if (!choice.busy) choice.choose(tenant, event.target.checked);
            }}
          />
          {SEND_QUOTES_LABEL}
        </label>
      ) : null}
      {error ? (
        <p id={`${ids}-error`} className="field-error">
          {error}
        </p>
      ) : null}
      {savedHere && tenant.canWrite ? (
        <QuoteSyncForm key={tenant.tenantId} tenant={tenant} settings={settings} />
      ) : null}
    </div>
  );
}

/** The form's fields, in screen order. */
const SYNC_FIELDS = ['accountCode', 'taxType'] as const;
type SyncField = (typeof SYNC_FIELDS)[number];

/**
 * The chosen organisation's 'Sales account code' and 'Tax type' for the lines of quotes and
 * invoices, checked with the server's own schema and saved with 'Save'.
 */
function QuoteSyncForm({ tenant, settings }: { tenant: XeroTenant; settings: XeroSync }) {
  const ids = useId();
  const save = useSaveXeroSync();
  const form = useForm<XeroSyncSettingsInput>({
    // raw: the code goes as typed, and the server reads it with the same schema.
    resolver: zodResolver(xeroSyncSettings, undefined, { raw: true }),
    defaultValues: {
      tenantId: tenant.tenantId,
      accountCode: settings.accountCode,
      taxType: settings.taxType,
    },
  });
  const { register, handleSubmit, setError, reset, formState } = form;
  const saving = useRef(false);

  const submit = handleSubmit((values) => {
    if (saving.current) return;
    saving.current = true;
    save.mutate(
      { tenantId: tenant.tenantId, accountCode: values.accountCode, taxType: values.taxType },
      {
        onSuccess: (saved) => {
          reset({ tenantId: tenant.tenantId, accountCode: saved.accountCode, taxType: saved.taxType });
          showToast({
            title: quotesGoTo(saved.tenantName ?? tenant.tenantName),
            description: lineCoding(saved),
          });
        },
        // The toast is the one error handler's; the fields say which of them the server refused.
        onError: (error) => {
          showServerFieldErrors(error, SYNC_FIELDS, setError);
        },
        onSettled: () => {
          saving.current = false;
        },
      },
    );
  });

  const message = (field: SyncField) => formState.errors[field]?.message;
  const describedBy = (field: SyncField, hint?: string) =>
    [hint, message(field) ? `${ids}-${field}-error` : undefined].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: SyncField) =>
    message(field) ? (
      <p id={`${ids}-${field}-error`} className="field-error">
        {message(field)}
      </p>
    ) : null;

  return (
    <form className="xero-form xero-sync__form" onSubmit={(event) => void submit(event)} noValidate>
      <fieldset className="xero-fieldset">
        <legend>Quote and invoice lines</legend>
        <div className="xero-form__grid">
          <div className="field">
            <label htmlFor={`${ids}-accountCode`}>Sales account code</label>
            <input
              id={`${ids}-accountCode`}
              type="text"
              autoComplete="off"
              spellCheck={false}
              maxLength={10}
              {...register('accountCode')}
              aria-invalid={message('accountCode') ? true : undefined}
              aria-describedby={describedBy('accountCode', `${ids}-accountCode-hint`)}
            />
            <p id={`${ids}-accountCode-hint`} className="muted xero-hint">
              As in Xero's chart of accounts; 200 is its Sales account.
            </p>
            {fieldError('accountCode')}
          </div>
          <div className="field">
            <label htmlFor={`${ids}-taxType`}>Tax type</label>
            <select
              id={`${ids}-taxType`}
              {...register('taxType')}
              aria-invalid={message('taxType') ? true : undefined}
              aria-describedby={describedBy('taxType')}
            >
              {XERO_TAX_TYPES.map((type: XeroTaxType) => (
                <option key={type} value={type}>
                  {XERO_TAX_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
            {fieldError('taxType')}
          </div>
        </div>
        <div className="xero-form__actions">
          <button type="submit" className="button" aria-disabled={save.isPending || undefined}>
            {save.isPending ? 'Saving...' : 'Save'}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
