import {
  type XeroTestReportInput,
  xeroTestReport,
  xeroTestReportSummary,
} from '@cleanquote/quote-core/staff';
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useId } from 'react';
import { useForm } from 'react-hook-form';
import { showToast } from '../../state/site-state.ts';
import { showServerFieldErrors } from '../lib/field-errors.ts';
import { StaffApiError } from '../lib/staff-api.ts';
import { FormSubmitRow } from './form-submit-row.tsx';
import { OrganisationSelect, onlyOrganisation, useOfferedOrganisation } from './organisation-select.tsx';
import { messagesOf } from './xero-form-errors.ts';
import { useSendTestReport, type XeroTenant } from './xero-queries.ts';

/**
 * 'Send a test report': the organisation's profit and loss and balance sheet mailed
 * now. Checked in the browser with the server's own schema, so the browser says what the server
 * would; the button stays enabled: pressed with a field missing it says what is missing.
 */
export function TestReportForm({
  tenants,
  onReconnectNeeded,
}: {
  tenants: readonly XeroTenant[];
  /** Xero refused the organisation's connection (409): the screen shows 'Reconnect needed' there. */
  onReconnectNeeded: () => void;
}) {
  const ids = useId();
  const form = useForm<XeroTestReportInput>({
    // raw: what staff typed is sent, and the server reads it with the same schema.
    resolver: zodResolver(xeroTestReport, undefined, { raw: true }),
    defaultValues: { tenantId: onlyOrganisation(tenants), email: '' },
  });
  const { register, handleSubmit, setError, setValue, formState } = form;
  const send = useSendTestReport();
  const markStaffChoice = useOfferedOrganisation(tenants, {
    chosen: form.watch('tenantId'),
    submitted: formState.isSubmitted,
    setTenant: useCallback(
      (tenantId: string, shouldValidate: boolean) => setValue('tenantId', tenantId, { shouldValidate }),
      [setValue],
    ),
  });

  const submit = handleSubmit((request) => {
    if (send.isPending) return;
    send.mutate(request, {
      onSuccess: (sent) => showToast({ title: 'Test report sent', description: sent }),
      // The toast is the one error handler's; the fields say which of them the server refused.
      onError: (error) => {
        if (!(error instanceof StaffApiError)) return;
        if (error.status === 409) onReconnectNeeded();
        showServerFieldErrors(error, ['tenantId', 'email'], setError, { focus: false });
      },
    });
  });

  const messages = messagesOf(formState.errors);
  const problem = xeroTestReportSummary(messages) ?? null;
  const problemId = problem ? `${ids}-problem` : undefined;
  // A field the summary speaks for shows no message of its own.
  const own = (field: 'tenantId' | 'email') => (problem ? undefined : messages[field]);
  const emailError = own('email');

  return (
    <section className="card xero-section" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`}>Send a test report</h2>
      <p className="muted">The organisation's Profit and Loss and Balance Sheet, mailed now.</p>
      <form className="xero-form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="xero-form__grid">
          <OrganisationSelect
            id={`${ids}-tenant`}
            tenants={tenants}
            registration={register('tenantId', { onChange: markStaffChoice })}
            invalid={Boolean(messages.tenantId)}
            error={own('tenantId')}
            describedBy={problem && messages.tenantId ? problemId : undefined}
          />
          <div className="field">
            <label htmlFor={`${ids}-email`}>Email address</label>
            <input
              id={`${ids}-email`}
              type="email"
              autoComplete="email"
              {...register('email')}
              aria-invalid={messages.email ? true : undefined}
              aria-describedby={
                [problem && messages.email ? problemId : '', emailError ? `${ids}-email-error` : '']
                  .filter(Boolean)
                  .join(' ') || undefined
              }
            />
            {emailError ? (
              <p id={`${ids}-email-error`} className="field-error">
                {emailError}
              </p>
            ) : null}
          </div>
        </div>
        <FormSubmitRow
          problem={problem}
          problemId={problemId}
          busy={send.isPending}
          label="Send Test Report"
          busyLabel="Sending..."
        />
      </form>
    </section>
  );
}
