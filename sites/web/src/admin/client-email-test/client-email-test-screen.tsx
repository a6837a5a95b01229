import { type ClientTestEmail, clientTestEmail } from '@cleanquote/quote-core/staff';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { showToast } from '../../state/site-state.ts';
import { showServerFieldErrors } from '../lib/field-errors.ts';
import { FormField } from '../ui/form-field.tsx';
import {
  CLIENT_TEST_FIELDS,
  type ClientTestField,
  type ClientTestForm,
  initialClientTestForm,
  SERVICE_CHOICES,
} from './client-email-test.ts';
import { useSendClientTestEmail } from './client-email-test-queries.ts';

export { CLIENT_TEST_FALLBACK } from './client-email-test-queries.ts';

/** The checks the server makes on a client test email, made in the browser first with the same words. */
export const clientTestEmailResolver = zodResolver(clientTestEmail);

/**
 * /client-email-test: sends the real client auto-response — the mail a customer gets after asking
 * for a quote — filled from this form, to the address given, through the outbox (so it shows in the
 * Mail log like any other mail).
 */
export function ClientEmailTestScreen() {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ClientTestForm, unknown, ClientTestEmail>({
    resolver: clientTestEmailResolver,
    defaultValues: initialClientTestForm(),
  });
  const send = useSendClientTestEmail();
  const idPrefix = useId();
  const fieldId = (field: ClientTestField) => `${idPrefix}-${field}`;

  const sendEmail = (email: ClientTestEmail) => {
    if (send.isPending) return;
    send.mutate(email, {
      onSuccess: (answer) =>
        showToast({
          title: 'Test Email Sent',
          description: `The client auto-response is on its way to ${answer.recipient}.`,
        }),
      onError: (error) => {
        showServerFieldErrors(error, CLIENT_TEST_FIELDS, setError);
      },
    });
  };

  // The words the server gives for the same refusal, beside each field's own message.
  const refuse = () =>
    showToast({
      title: 'Email Test Failed',
      description: 'Please check the highlighted fields.',
      variant: 'destructive',
    });

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
        <form
          method="post"
          noValidate
          onSubmit={(event) => void handleSubmit(sendEmail, refuse)(event)}
          className="email-form"
        >
          <div className="email-form__grid">
            <FormField id={fieldId('name')} label="Name" required error={errors.name?.message}>
              {(control) => <input {...control} type="text" autoComplete="off" {...register('name')} />}
            </FormField>
            <FormField id={fieldId('email')} label="Email" required error={errors.email?.message}>
              {(control) => <input {...control} type="email" autoComplete="off" {...register('email')} />}
            </FormField>
            <FormField id={fieldId('phone')} label="Phone" error={errors.phone?.message}>
              {(control) => <input {...control} type="tel" autoComplete="off" {...register('phone')} />}
            </FormField>
            <FormField id={fieldId('address')} label="Address" error={errors.address?.message}>
              {(control) => <input {...control} type="text" autoComplete="off" {...register('address')} />}
            </FormField>
            <FormField id={fieldId('service')} label="Service" required error={errors.service?.message}>
              {(control) => (
                <select {...control} {...register('service')}>
                  {SERVICE_CHOICES.map((choice) => (
                    <option key={choice.id} value={choice.id}>
                      {choice.label}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          </div>
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
    </div>
  );
}
