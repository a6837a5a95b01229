import { MAIL_PROVIDERS, type MailProvider, type SmtpSecurity } from '@cleanquote/content';
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { showToast } from '../../state/site-state.ts';
import { AdminApiError, sendDirectEmail } from '../admin-api.ts';
import { reportAdminError } from '../admin-errors.ts';
import {
  checkDirectEmail,
  DIRECT_EMAIL_FIELDS,
  type DirectEmailErrors,
  type DirectEmailField,
  type DirectEmailForm,
  directEmailErrorsFrom,
  directEmailRequest,
  firstFieldWithError,
  initialDirectEmailForm,
  PROVIDER_LABELS,
  providerHint,
  SECURITY_LABELS,
} from './direct-email.ts';
import { FormField } from './form-field.tsx';

/** Spec §8: the failure toast's text when the server gave no message of its own. */
export const DIRECT_EMAIL_FALLBACK = 'Please check your email credentials and try again.';

const SECURITY_CHOICES: readonly SmtpSecurity[] = ['none', 'starttls', 'tls'];

/**
 * The direct email sender (spec §2, §5, §8; issue 12 item 3): sends one mail from a mailbox of the
 * sender's own through POST /api/send-direct-email. The mailbox password lives in this form's state
 * only until the attempt ends — success or failure, it is cleared then — and is never written to
 * storage, the URL or the browser's password manager (autocomplete off: it is someone's mailbox
 * password, typed for one send).
 */
export function DirectEmailSender() {
  const [form, setForm] = useState<DirectEmailForm>(initialDirectEmailForm);
  const [errors, setErrors] = useState<DirectEmailErrors>({});
  const [sending, setSending] = useState(false);
  const idPrefix = useId();
  const headingId = `${idPrefix}-heading`;
  const submitRef = useRef<HTMLButtonElement>(null);
  const wasSending = useRef(false);
  const fieldId = (field: DirectEmailField) => `${idPrefix}-${field}`;

  // A disabled button loses focus; when the send ends and focus went nowhere, give it back.
  useEffect(() => {
    if (wasSending.current && !sending) {
      const active = document.activeElement;
      if (active === null || active === document.body) submitRef.current?.focus();
    }
    wasSending.current = sending;
  }, [sending]);

  const focusFirst = (found: DirectEmailErrors) => {
    const first = firstFieldWithError(DIRECT_EMAIL_FIELDS, found);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const change =
    (field: DirectEmailField) =>
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
    const check = checkDirectEmail(form);
    if (Object.keys(check.errors).length > 0) {
      setErrors(check.errors);
      showToast(
        check.missing
          ? {
              title: 'Missing Information',
              description: 'Please fill in all required fields',
              variant: 'destructive',
            }
          : {
              title: 'Failed to Send Email',
              description: 'Please check the highlighted fields.',
              variant: 'destructive',
            },
      );
      focusFirst(check.errors);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const answer = await sendDirectEmail(directEmailRequest(form));
      showToast({ title: 'Email Sent Successfully!', description: `Test email sent to ${answer.recipient}` });
    } catch (error) {
      const found = error instanceof AdminApiError ? directEmailErrorsFrom(error.fields) : {};
      setErrors(found);
      reportAdminError(error, 'Failed to Send Email', DIRECT_EMAIL_FALLBACK);
      focusFirst(found);
    } finally {
      // Used for that one attempt only: never kept for the next.
      setForm((current) => ({ ...current, fromPassword: '' }));
      setSending(false);
    }
  };

  const custom = form.provider === 'custom';
  return (
    <section className="card email-tool" aria-labelledby={headingId}>
      <h2 id={headingId}>Send a test email</h2>
      <p className="muted">
        Sends one email from a mailbox of your own. The password is used for this one connection and then
        forgotten: it is never stored or logged.
      </p>
      <form method="post" noValidate onSubmit={(event) => void submit(event)} className="email-form">
        <div className="email-form__grid">
          <FormField id={fieldId('fromEmail')} label="From Email" required error={errors.fromEmail}>
            {(control) => (
              <input
                {...control}
                type="email"
                autoComplete="email"
                value={form.fromEmail}
                onChange={change('fromEmail')}
              />
            )}
          </FormField>
          <FormField id={fieldId('fromPassword')} label="Password" required error={errors.fromPassword}>
            {(control) => (
              <input
                {...control}
                type="password"
                autoComplete="off"
                value={form.fromPassword}
                onChange={change('fromPassword')}
              />
            )}
          </FormField>
          <FormField id={fieldId('toEmail')} label="To Email" required error={errors.toEmail}>
            {(control) => (
              <input
                {...control}
                type="email"
                autoComplete="off"
                value={form.toEmail}
                onChange={change('toEmail')}
              />
            )}
          </FormField>
          <FormField
            id={fieldId('provider')}
            label="Provider"
            hint={providerHint(form.provider)}
            error={errors.provider}
          >
            {(control) => (
              <select {...control} value={form.provider} onChange={change('provider')}>
                {MAIL_PROVIDERS.map((provider: MailProvider) => (
                  <option key={provider} value={provider}>
                    {PROVIDER_LABELS[provider]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        {custom ? (
          <fieldset className="email-form__server">
            <legend>SMTP server</legend>
            <div className="email-form__grid">
              <FormField id={fieldId('smtpHost')} label="SMTP Host" required error={errors.smtpHost}>
                {(control) => (
                  <input
                    {...control}
                    type="text"
                    autoComplete="off"
                    autoCapitalize="off"
                    spellCheck={false}
                    value={form.smtpHost}
                    onChange={change('smtpHost')}
                  />
                )}
              </FormField>
              <FormField id={fieldId('smtpPort')} label="SMTP Port" required error={errors.smtpPort}>
                {(control) => (
                  <input
                    {...control}
                    type="text"
                    inputMode="numeric"
                    autoComplete="off"
                    value={form.smtpPort}
                    onChange={change('smtpPort')}
                  />
                )}
              </FormField>
              <FormField
                id={fieldId('smtpSecurity')}
                label="TLS"
                hint="STARTTLS usually goes with port 587, TLS with port 465."
                error={errors.smtpSecurity}
              >
                {(control) => (
                  <select {...control} value={form.smtpSecurity} onChange={change('smtpSecurity')}>
                    {SECURITY_CHOICES.map((security) => (
                      <option key={security} value={security}>
                        {SECURITY_LABELS[security]}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
            </div>
          </fieldset>
        ) : null}
        <FormField id={fieldId('subject')} label="Subject" error={errors.subject}>
          {(control) => <input {...control} type="text" value={form.subject} onChange={change('subject')} />}
        </FormField>
        <FormField id={fieldId('message')} label="Message" error={errors.message}>
          {(control) => <textarea {...control} rows={5} value={form.message} onChange={change('message')} />}
        </FormField>
        <div className="email-form__actions">
          <button ref={submitRef} type="submit" className="button" disabled={sending}>
            {sending ? 'Sending...' : 'Send Test Email'}
          </button>
        </div>
      </form>
    </section>
  );
}
