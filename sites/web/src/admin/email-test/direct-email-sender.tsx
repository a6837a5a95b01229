import { MAIL_PROVIDERS, type MailProvider, type SmtpSecurity } from '@cleanquote/content';
import { type DirectEmail, directEmail } from '@cleanquote/quote-core/staff';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { showToast } from '../../state/site-state.ts';
import { showServerFieldErrors } from '../lib/field-errors.ts';
import { FormField } from '../ui/form-field.tsx';
import {
  DIRECT_EMAIL_FIELDS,
  type DirectEmailField,
  type DirectEmailForm,
  initialDirectEmailForm,
  missesRequiredField,
  PROVIDER_LABELS,
  providerHint,
  SECURITY_LABELS,
} from './direct-email.ts';
import { useSendDirectEmail } from './email-test-queries.ts';

/** The failure toast's text when the server gave no message of its own. */
export const DIRECT_EMAIL_FALLBACK = 'Please check your email credentials and try again.';

const SECURITY_CHOICES: readonly SmtpSecurity[] = ['none', 'starttls', 'tls'];

/** The checks the server makes on a direct email, made in the browser first with the same words. */
export const directEmailResolver = zodResolver(directEmail);

/** An emptied port is no port ('Enter the SMTP port'), not the number 0. */
const portValue = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/**
 * The direct email sender: sends one mail from a mailbox of the sender's own through
 * POST /api/send-direct-email. The mailbox password lives in this form's state only until the attempt
 * ends — success or failure, it is cleared then — and is never written to storage, the URL or the
 * browser's password manager (autocomplete off: it is someone's mailbox password, typed for one send).
 */
export function DirectEmailSender() {
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    getValues,
    formState: { errors },
  } = useForm<DirectEmailForm, unknown, DirectEmail>({
    resolver: directEmailResolver,
    defaultValues: initialDirectEmailForm(),
  });
  const send = useSendDirectEmail(DIRECT_EMAIL_FALLBACK);
  const idPrefix = useId();
  const headingId = `${idPrefix}-heading`;
  const fieldId = (field: DirectEmailField) => `${idPrefix}-${field}`;
  const provider = watch('provider') ?? 'gmail';

  const sendEmail = (email: DirectEmail) => {
    if (send.isPending) return;
    send.mutate(email, {
      onSuccess: (answer) =>
        showToast({
          title: 'Email Sent Successfully!',
          description: `Test email sent to ${answer.recipient}`,
        }),
      onError: (error) => {
        showServerFieldErrors(error, DIRECT_EMAIL_FIELDS, setError);
      },
      onSettled: () => {
        // Used for that one attempt only: never kept for the next, nor in the finished mutation.
        setValue('fromPassword', '');
        send.reset();
      },
    });
  };

  const refuse = () => {
    showToast(
      missesRequiredField(getValues())
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
  };

  const custom = provider === 'custom';
  return (
    <section className="card email-tool" aria-labelledby={headingId}>
      <h2 id={headingId}>Send a test email</h2>
      <p className="muted">
        Sends one email from a mailbox of your own. The password is used for this one connection and then
        forgotten: it is never stored or logged.
      </p>
      <form
        method="post"
        noValidate
        onSubmit={(event) => void handleSubmit(sendEmail, refuse)(event)}
        className="email-form"
      >
        <div className="email-form__grid">
          <FormField id={fieldId('fromEmail')} label="From Email" required error={errors.fromEmail?.message}>
            {(control) => <input {...control} type="email" autoComplete="email" {...register('fromEmail')} />}
          </FormField>
          <FormField
            id={fieldId('fromPassword')}
            label="Password"
            required
            error={errors.fromPassword?.message}
          >
            {(control) => (
              <input {...control} type="password" autoComplete="off" {...register('fromPassword')} />
            )}
          </FormField>
          <FormField id={fieldId('toEmail')} label="To Email" required error={errors.toEmail?.message}>
            {(control) => <input {...control} type="email" autoComplete="off" {...register('toEmail')} />}
          </FormField>
          <FormField
            id={fieldId('provider')}
            label="Provider"
            hint={providerHint(provider)}
            error={errors.provider?.message}
          >
            {(control) => (
              <select {...control} {...register('provider')}>
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
              <FormField id={fieldId('smtpHost')} label="SMTP Host" required error={errors.smtpHost?.message}>
                {(control) => (
                  <input
                    {...control}
                    type="text"
                    autoComplete="off"
                    autoCapitalize="off"
                    spellCheck={false}
                    {...register('smtpHost', { shouldUnregister: true })}
                  />
                )}
              </FormField>
              <FormField id={fieldId('smtpPort')} label="SMTP Port" required error={errors.smtpPort?.message}>
                {(control) => (
                  <input
                    {...control}
                    type="text"
                    inputMode="numeric"
                    autoComplete="off"
                    {...register('smtpPort', { shouldUnregister: true, setValueAs: portValue })}
                  />
                )}
              </FormField>
              <FormField
                id={fieldId('smtpSecurity')}
                label="TLS"
                hint="STARTTLS usually goes with port 587, TLS with port 465."
                error={errors.smtpSecurity?.message}
              >
                {(control) => (
                  <select {...control} {...register('smtpSecurity', { shouldUnregister: true })}>
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
        <FormField id={fieldId('subject')} label="Subject" error={errors.subject?.message}>
          {(control) => <input {...control} type="text" {...register('subject')} />}
        </FormField>
        <FormField id={fieldId('message')} label="Message" error={errors.message?.message}>
          {(control) => <textarea {...control} rows={5} {...register('message')} />}
        </FormField>
        <div className="email-form__actions">
          <button type="submit" className="button">
            {send.isPending ? 'Sending...' : 'Send Test Email'}
          </button>
        </div>
      </form>
    </section>
  );
}
