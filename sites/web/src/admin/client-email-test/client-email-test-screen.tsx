import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { showToast } from '../../state/site-state.ts';
import { AdminApiError, sendClientTestEmail } from '../admin-api.ts';
import { reportAdminError } from '../admin-errors.ts';
import { firstFieldWithError } from '../email-test/direct-email.ts';
import { FormField } from '../email-test/form-field.tsx';
import {
  CLIENT_TEST_FIELDS,
  type ClientTestField,
  type ClientTestForm,
  clientTestErrorsFrom,
  clientTestRequest,
  initialClientTestForm,
  SERVICE_CHOICES,
} from './client-email-test.ts';

/** Spec §8: the failure toast's text when the server gave no message of its own. */
export const CLIENT_TEST_FALLBACK = 'Failed to send test email';

/**
 * /client-email-test (spec §2, §8; issue 12 item 4): sends the real client auto-response — the mail a
 * customer gets after asking for a quote — filled from this form, to the address given, through the
 * outbox (so it shows in the Mail log like any other mail).
 */
export function ClientEmailTestScreen() {
  const [form, setForm] = useState<ClientTestForm>(initialClientTestForm);
  const [errors, setErrors] = useState<Partial<Record<ClientTestField, string>>>({});
  const [sending, setSending] = useState(false);
  const idPrefix = useId();
  const submitRef = useRef<HTMLButtonElement>(null);
  const wasSending = useRef(false);
  const fieldId = (field: ClientTestField) => `${idPrefix}-${field}`;

  // A disabled button loses focus; when the send ends and focus went nowhere, give it back.
  useEffect(() => {
    if (wasSending.current && !sending) {
      const active = document.activeElement;
      if (active === null || active === document.body) submitRef.current?.focus();
    }
    wasSending.current = sending;
  }, [sending]);

  const change =
    (field: ClientTestField) =>
    (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      const value = event.target.value;
      setForm((current) => ({ ...current, [field]: value }));
      setErrors((current) => {
        if (current[field] === undefined) return current;
        const { [field]: _fixed, ...rest } = current;
        return rest;
      });
    };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setErrors({});
    setSending(true);
    try {
      const answer = await sendClientTestEmail(clientTestRequest(form));
      showToast({
        title: 'Test Email Sent',
        description: `The client auto-response is on its way to ${answer.recipient}.`,
      });
    } catch (error) {
      const found = error instanceof AdminApiError ? clientTestErrorsFrom(error.fields) : {};
      setErrors(found);
      reportAdminError(error, 'Email Test Failed', CLIENT_TEST_FALLBACK);
      const first = firstFieldWithError(CLIENT_TEST_FIELDS, found);
      if (first) document.getElementById(fieldId(first))?.focus();
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="email-tools">
      <div className="page-header">
        <h1>Client Email Test</h1>
        <p className="muted">
          Sends the email a customer receives after asking for a quote, filled in from this form, to the
          address you enter. Its delivery shows in the <Link href="/email-test#mail-log">Mail log</Link>.
        </p>
      </div>
      <section className="card email-tool" aria-labelledby={`${idPrefix}-heading`}>
        <h2 id={`${idPrefix}-heading`}>Client details</h2>
        <form method="post" noValidate onSubmit={(event) => void submit(event)} className="email-form">
          <div className="email-form__grid">
            <FormField id={fieldId('name')} label="Name" required error={errors.name}>
              {(control) => (
                <input
                  {...control}
                  type="text"
                  autoComplete="off"
                  value={form.name}
                  onChange={change('name')}
                />
              )}
            </FormField>
            <FormField id={fieldId('email')} label="Email" required error={errors.email}>
              {(control) => (
                <input
                  {...control}
                  type="email"
                  autoComplete="off"
                  value={form.email}
                  onChange={change('email')}
                />
              )}
            </FormField>
            <FormField id={fieldId('phone')} label="Phone" error={errors.phone}>
              {(control) => (
                <input
                  {...control}
                  type="tel"
                  autoComplete="off"
                  value={form.phone}
                  onChange={change('phone')}
                />
              )}
            </FormField>
            <FormField id={fieldId('address')} label="Address" error={errors.address}>
              {(control) => (
                <input
                  {...control}
                  type="text"
                  autoComplete="off"
                  value={form.address}
                  onChange={change('address')}
                />
              )}
            </FormField>
            <FormField id={fieldId('service')} label="Service" required error={errors.service}>
              {(control) => (
                <select {...control} value={form.service} onChange={change('service')}>
                  {SERVICE_CHOICES.map((choice) => (
                    <option key={choice.id} value={choice.id}>
                      {choice.label}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          </div>
          <FormField id={fieldId('message')} label="Message" error={errors.message}>
            {(control) => (
              <textarea {...control} rows={5} value={form.message} onChange={change('message')} />
            )}
          </FormField>
          <div className="email-form__actions">
            <button ref={submitRef} type="submit" className="button" disabled={sending}>
              {sending ? 'Sending...' : 'Send Test Email'}
            </button>
          </div>
        </form>
      </section>
    </div>
  );
}
