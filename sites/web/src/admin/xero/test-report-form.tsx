import { type FormEvent, useId, useState } from 'react';
import { showToast } from '../../state/site-state.ts';
import { AdminApiError, sendXeroTestReport, type XeroTenant } from '../admin-api.ts';
import { reportAdminError } from '../admin-errors.ts';
import { FormSubmitRow } from './form-submit-row.tsx';
import { OrganisationSelect, useChosenOrganisation } from './organisation-select.tsx';
import { testReportProblem } from './xero-labels.ts';

/**
 * 'Send a test report' (spec §5, §8; issue 16 item 4): the organisation's profit and loss and balance
 * sheet mailed now. The button stays enabled: pressed with a field missing it says what is missing,
 * and the message follows the fields from then on.
 */
export function TestReportForm({
  tenants,
  onReconnectNeeded,
}: {
  tenants: readonly XeroTenant[];
  /** Xero refused the organisation's connection (409): the screen shows 'Reconnect needed'. */
  onReconnectNeeded: () => void;
}) {
  const ids = useId();
  const [tenantId, setTenantId] = useChosenOrganisation(tenants);
  const [email, setEmail] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Readonly<Record<string, string>>>({});
  const [sending, setSending] = useState(false);

  const problem = attempted ? testReportProblem({ tenantId, email }) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setAttempted(true);
    setFieldErrors({});
    if (testReportProblem({ tenantId, email })) {
      document.getElementById(tenantId ? `${ids}-email` : `${ids}-tenant`)?.focus();
      return;
    }
    setSending(true);
    try {
      const sent = await sendXeroTestReport(tenantId, email.trim());
      showToast({ title: 'Test report sent', description: sent.message });
    } catch (error) {
      if (error instanceof AdminApiError) setFieldErrors(error.fields);
      reportAdminError(error, 'Failed to send test report', 'Failed to send test report');
      if (error instanceof AdminApiError && error.status === 409) onReconnectNeeded();
    } finally {
      setSending(false);
    }
  };

  const problemId = problem ? `${ids}-problem` : undefined;
  return (
    <section className="card xero-section" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`}>Send a test report</h2>
      <p className="muted">The organisation's Profit and Loss and Balance Sheet, mailed now.</p>
      <form className="xero-form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="xero-form__grid">
          <OrganisationSelect
            id={`${ids}-tenant`}
            tenants={tenants}
            value={tenantId}
            onChange={(next) => {
              setTenantId(next);
              setFieldErrors(({ tenantId: _, ...rest }) => rest);
            }}
            invalid={problem !== null && !tenantId}
            error={fieldErrors.tenantId}
            describedBy={problem !== null && !tenantId ? problemId : undefined}
          />
          <div className="field">
            <label htmlFor={`${ids}-email`}>Email address</label>
            <input
              id={`${ids}-email`}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setFieldErrors(({ email: _, ...rest }) => rest);
              }}
              aria-invalid={(problem !== null && !email.trim()) || Boolean(fieldErrors.email) || undefined}
              aria-describedby={
                [
                  problem !== null && !email.trim() ? problemId : '',
                  fieldErrors.email ? `${ids}-email-error` : '',
                ]
                  .filter(Boolean)
                  .join(' ') || undefined
              }
            />
            {fieldErrors.email ? (
              <p id={`${ids}-email-error`} className="field-error">
                {fieldErrors.email}
              </p>
            ) : null}
          </div>
        </div>
        <FormSubmitRow
          problem={problem}
          problemId={problemId}
          busy={sending}
          label="Send Test Report"
          busyLabel="Sending..."
        />
      </form>
    </section>
  );
}
