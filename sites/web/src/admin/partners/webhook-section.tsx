import {
  type PartnerWebhook,
  type PartnerWebhookInput,
  partnerWebhook,
  WEBHOOK_EVENTS,
} from '@cleanquote/quote-core/staff';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { showToast } from '../../state/site-state.ts';
import { formatMelbourneTime } from '../../ui/melbourne-time.ts';
import { useCopyWithNotice } from '../lib/copy-with-notice.ts';
import { showServerFieldErrors } from '../lib/field-errors.ts';
import { StaffApiError } from '../lib/staff-api.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { DeliveryLog } from './delivery-log.tsx';
import type { PartnerSite } from './partners-queries.ts';
import { EVENT_DESCRIPTIONS, withMelbourneTimes } from './webhook-labels.ts';
import {
  useRotateSecret,
  useSaveWebhook,
  useSendTestEvent,
  type WebhookSettings,
  webhookQuery,
} from './webhook-queries.ts';

/** The form's fields in screen order: the first the server names gets focus. */
const WEBHOOK_FIELDS = ['url', 'events', 'enabled'] as const;

/** The partner a webhook belongs to, as its card knows it. */
type WebhookPartner = Pick<PartnerSite, 'key' | 'name'>;

/**
 * The webhook part of a partner's card: where the partner's systems hear about its quotes (URL,
 * events, on or off), the signing secret shown once when it is made, 'Rotate Secret', 'Send test
 * event', and the delivery log.
 */
export function WebhookSection({ partner }: { partner: WebhookPartner }) {
  const ids = useId();
  const webhook = useQuery(webhookQuery(partner.key));
  // The secret exists in the browser only between the answer that carried it and leaving the page.
  const [secret, setSecret] = useState<string | null>(null);
  const secretField = useRef<HTMLInputElement>(null);

  return (
    <section className="webhook" aria-labelledby={`${ids}-heading`}>
      <h3 id={`${ids}-heading`}>
        Webhook<span className="visually-hidden"> for {partner.name}</span>
      </h3>
      <p className="muted webhook__intro">
        Tells {partner.name}'s own systems when one of its quotes arrives or moves on: signed, with the
        reference, the partner's reference and the status, never the customer's details.
      </p>
      {webhook.data === undefined ? (
        webhook.isError ? (
          <p role="alert">The webhook could not be loaded: {webhook.error.message}</p>
        ) : (
          <p role="status">Loading the webhook…</p>
        )
      ) : (
        <>
          {webhook.data?.disabledReason ? (
            <p className="webhook__notice" role="note">
              {withMelbourneTimes(webhook.data.disabledReason)} Tick Enabled and save to send events to it
              again.
            </p>
          ) : null}
          <WebhookForm partner={partner} webhook={webhook.data} onSecret={(next) => setSecret(next)} />
          {secret ? <SigningSecret secret={secret} partnerName={partner.name} field={secretField} /> : null}
          {webhook.data?.previousSecretUntil && Date.parse(webhook.data.previousSecretUntil) > Date.now() ? (
            <p className="muted">
              The previous secret also signs until{' '}
              <time dateTime={webhook.data.previousSecretUntil}>
                {formatMelbourneTime(webhook.data.previousSecretUntil)}
              </time>
              .
            </p>
          ) : null}
          {webhook.data ? (
            <>
              <div className="button-row button-row--tight webhook__actions">
                <SendTestEventButton partner={partner} />
                <RotateSecretDialog
                  partner={partner}
                  onRotated={(next) => setSecret(next)}
                  focusSecret={() => secretField.current?.focus()}
                />
              </div>
              <DeliveryLog partnerKey={partner.key} partnerName={partner.name} />
            </>
          ) : null}
        </>
      )}
    </section>
  );
}

/** The form's starting values: the saved webhook, or both events and on for a new one. */
function formValues(webhook: WebhookSettings | null): PartnerWebhookInput {
  return webhook
    ? { url: webhook.url, events: [...webhook.events], enabled: webhook.enabled }
    : { url: '', events: [...WEBHOOK_EVENTS], enabled: true };
}

function WebhookForm({
  partner,
  webhook,
  onSecret,
}: {
  partner: WebhookPartner;
  webhook: WebhookSettings | null;
  onSecret: (secret: string) => void;
}) {
  const ids = useId();
  const save = useSaveWebhook(partner.key);
  // Why the server kept nothing when no field is to blame (no SECRETS_KEY on the server, say).
  const [problem, setProblem] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<
    PartnerWebhookInput,
    unknown,
    PartnerWebhook
  >({
    resolver: zodResolver(partnerWebhook),
    // The server's values, followed when they change (the app may switch the webhook off), except
    // in the fields staff are editing.
    values: formValues(webhook),
    resetOptions: { keepDirtyValues: true },
  });

  const submit = handleSubmit((values) => {
    if (save.isPending) return;
    setProblem(null);
    save.mutate(values, {
      onSuccess: (saved) => {
        reset(formValues(saved));
        showToast({
          title: 'Webhook Saved',
          description: saved.enabled
            ? `${partner.name}'s webhook sends ${saved.events.join(' and ')} to ${saved.url}.`
            : `${partner.name}'s webhook is saved, and off: nothing is sent until it is enabled.`,
        });
        if ('secret' in saved && typeof saved.secret === 'string') onSecret(saved.secret);
      },
      onError: (error) => {
        if (error instanceof StaffApiError && (error.status === 401 || error.locked)) return;
        if (showServerFieldErrors(error, WEBHOOK_FIELDS, setError)) return;
        setProblem(error.message || 'The webhook could not be saved. Please try again.');
      },
    });
  });

  const message = (field: (typeof WEBHOOK_FIELDS)[number]) => formState.errors[field]?.message;
  const errorId = (field: (typeof WEBHOOK_FIELDS)[number]) => `${ids}-${field}-error`;
  const describedBy = (field: (typeof WEBHOOK_FIELDS)[number], ...others: string[]) =>
    [...others, message(field) ? errorId(field) : undefined].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: (typeof WEBHOOK_FIELDS)[number]) => {
    const text = message(field);
    return text ? (
      <p id={errorId(field)} className="field-error">
        {text}
      </p>
    ) : null;
  };

  return (
    <form className="webhook__form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="field">
        <label htmlFor={`${ids}-url`}>Webhook URL</label>
        <input
          id={`${ids}-url`}
          type="url"
          inputMode="url"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="https://partner.example/webhooks/cleanquote"
          {...register('url')}
          aria-invalid={message('url') ? true : undefined}
          aria-describedby={describedBy('url', `${ids}-url-hint`)}
        />
        <p id={`${ids}-url-hint`} className="muted">
          An https address on the partner's public server; addresses inside a private network are refused.
        </p>
        {fieldError('url')}
      </div>
      <fieldset className="webhook__events" aria-describedby={describedBy('events')}>
        <legend>Events</legend>
        {WEBHOOK_EVENTS.map((event) => (
          <div key={event} className="webhook__event">
            <input
              id={`${ids}-event-${event}`}
              type="checkbox"
              value={event}
              {...register('events')}
              aria-invalid={message('events') ? true : undefined}
              aria-describedby={describedBy('events', `${ids}-event-${event}-description`)}
            />
            <label htmlFor={`${ids}-event-${event}`}>{event}</label>
            <span id={`${ids}-event-${event}-description`} className="muted">
              {EVENT_DESCRIPTIONS[event]}
            </span>
          </div>
        ))}
        {fieldError('events')}
      </fieldset>
      <div className="webhook__event webhook__enabled">
        <input
          id={`${ids}-enabled`}
          type="checkbox"
          {...register('enabled')}
          aria-invalid={message('enabled') ? true : undefined}
          aria-describedby={describedBy('enabled', `${ids}-enabled-hint`)}
        />
        <label htmlFor={`${ids}-enabled`}>Enabled</label>
        <span id={`${ids}-enabled-hint`} className="muted">
          Events are sent only while it is enabled.
        </span>
      </div>
      {fieldError('enabled')}
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="button-row button-row--tight">
        <button type="submit" className="button" aria-disabled={save.isPending || undefined}>
          {save.isPending ? 'Saving...' : 'Save Webhook'}
          <span className="visually-hidden"> for {partner.name}</span>
        </button>
      </div>
    </form>
  );
}

/**
 * The signing secret, just made: read-only, with a copy button and the warning that it is shown this
 * once. Focus goes to it when it appears, so it is not missed.
 */
function SigningSecret({
  secret,
  partnerName,
  field,
}: {
  secret: string;
  partnerName: string;
  field: RefObject<HTMLInputElement | null>;
}) {
  const ids = useId();
  const { copied, copy } = useCopyWithNotice(
    'The signing secret could not be copied. Select it and copy it by hand.',
  );
  useEffect(() => {
    if (secret) field.current?.focus();
  }, [secret, field]);

  return (
    <div className="webhook__secret">
      <div className="field">
        <label htmlFor={`${ids}-secret`}>Signing secret</label>
        <input
          id={`${ids}-secret`}
          ref={field}
          readOnly
          value={secret}
          spellCheck={false}
          autoComplete="off"
          aria-describedby={`${ids}-secret-note`}
        />
        <p id={`${ids}-secret-note`} className="webhook__secret-note">
          Copy it now: it won't be shown again.
        </p>
      </div>
      <button type="button" className="button button--outline" onClick={() => void copy(secret, true)}>
        {copied ? 'Copied!' : 'Copy secret'}
        <span className="visually-hidden"> for {partnerName}</span>
      </button>
    </div>
  );
}

/** 'Send test event': queues a `webhook.test` event; the log shows how its delivery goes. */
function SendTestEventButton({ partner }: { partner: WebhookPartner }) {
  const test = useSendTestEvent(partner.key);
  return (
    <button
      type="button"
      className="button button--outline"
      aria-disabled={test.isPending || undefined}
      onClick={() => {
        if (test.isPending) return;
        test.mutate(undefined, {
          onSuccess: () =>
            showToast({
              title: 'Test event queued',
              description: `A webhook.test event is on its way to ${partner.name}; the deliveries below show how it went.`,
            }),
        });
      }}
    >
      {test.isPending ? 'Sending...' : 'Send test event'}
      <span className="visually-hidden"> for {partner.name}</span>
    </button>
  );
}

/**
 * 'Rotate Secret' asks first: a new secret signs from now on, and the old one keeps signing for 24
 * hours so the partner can switch without missing a delivery. The new secret shows once, focused.
 */
function RotateSecretDialog({
  partner,
  onRotated,
  focusSecret,
}: {
  partner: WebhookPartner;
  onRotated: (secret: string) => void;
  focusSecret: () => void;
}) {
  const rotate = useRotateSecret(partner.key);
  return (
    <ConfirmDialog
      trigger="Rotate Secret"
      subject={`for ${partner.name}`}
      title={`Rotate the signing secret for ${partner.name}?`}
      description={`A new secret signs every webhook from now on, and is shown once. The old secret keeps signing too for 24 hours, so ${partner.name} can switch to the new one without missing a delivery.`}
      confirmLabel="Rotate Secret"
      busyLabel="Rotating..."
      busy={rotate.isPending}
      action={async () => {
        const { secret } = await rotate.mutateAsync();
        onRotated(secret);
        showToast({
          title: 'Secret Rotated',
          description: `Give ${partner.name} the new secret; the old one keeps signing for 24 hours.`,
        });
      }}
      // After a rotation focus goes to the new secret, which is shown this once.
      focusAfter={focusSecret}
    />
  );
}
