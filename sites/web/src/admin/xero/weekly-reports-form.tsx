import { hourLabel, WEEK_DAYS, XERO_REPORT_NAMES } from '@cleanquote/content';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { showToast } from '../../state/site-state.ts';
import {
  AdminApiError,
  scheduleXeroReports,
  XERO_REPORT_TYPES,
  type XeroReportType,
  type XeroSchedule,
  type XeroTenant,
} from '../admin-api.ts';
import { reportAdminError } from '../admin-errors.ts';
import { FormSubmitRow } from './form-submit-row.tsx';
import { OrganisationSelect, useChosenOrganisation } from './organisation-select.tsx';
import {
  addRecipient,
  HOURS,
  SCHEDULE_DEFAULTS,
  SCHEDULE_TENANT_MISSING,
  scheduleProblem,
} from './xero-labels.ts';

/** Props of {@link WeeklyReportsForm}. */
export interface WeeklyReportsFormProps {
  tenants: readonly XeroTenant[];
  /** The signed-in admin's address: the first recipient until changed (spec §9). */
  adminEmail: string;
  onScheduled: (schedule: XeroSchedule) => void;
}

/**
 * 'Weekly reports' (spec §3, §5, §9; issue 16 item 5): organisation, day, hour, recipients and report
 * types, defaulting to Monday 09:00 with the Profit and Loss and Balance Sheet to the admin. The
 * button stays enabled; pressed with something missing it says what.
 */
export function WeeklyReportsForm({ tenants, adminEmail, onScheduled }: WeeklyReportsFormProps) {
  const ids = useId();
  const [tenantId, setTenantId] = useChosenOrganisation(tenants);
  const [dayOfWeek, setDayOfWeek] = useState<string>(SCHEDULE_DEFAULTS.dayOfWeek);
  const [hour, setHour] = useState<string>(SCHEDULE_DEFAULTS.hour);
  const [recipients, setRecipients] = useState<string[]>(() =>
    adminEmail.trim() ? [adminEmail.trim()] : [],
  );
  const [typed, setTyped] = useState('');
  const [recipientNote, setRecipientNote] = useState('');
  const [reportTypes, setReportTypes] = useState<XeroReportType[]>([...SCHEDULE_DEFAULTS.reportTypes]);
  const [attempted, setAttempted] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Readonly<Record<string, string>>>({});
  const [busy, setBusy] = useState(false);

  const request = { tenantId, dayOfWeek, hour, emailRecipients: recipients, reportTypes };
  const problem = attempted ? scheduleProblem(request) : null;
  const problemId = problem ? `${ids}-problem` : undefined;
  const tenantMissing = problem === SCHEDULE_TENANT_MISSING;
  const recipientsMissing = problem !== null && !tenantMissing && recipients.length === 0;
  const typesMissing = problem !== null && !tenantMissing && reportTypes.length === 0;

  const add = () => {
    const outcome = addRecipient(recipients, typed);
    if (outcome.added) {
      setRecipients(outcome.recipients);
      setTyped('');
      setRecipientNote(`${outcome.address} added.`);
      setFieldErrors(({ emailRecipients: _, ...rest }) => rest);
    } else if (outcome.reason === 'listed') {
      setRecipientNote(`${outcome.address} is already listed.`);
    } else {
      setRecipientNote('Type an email address to add.');
    }
    document.getElementById(`${ids}-recipient`)?.focus();
  };

  // Enter in the address field adds it rather than setting up the schedule.
  const addOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };

  const remove = (address: string) => {
    setRecipients((listed) => listed.filter((each) => each !== address));
    setRecipientNote(`${address} removed.`);
    // The button pressed goes with the address: focus returns to where addresses are typed.
    document.getElementById(`${ids}-recipient`)?.focus();
  };

  const toggleType = (type: XeroReportType, checked: boolean) => {
    setReportTypes((chosen) =>
      checked
        ? XERO_REPORT_TYPES.filter((each) => each === type || chosen.includes(each))
        : chosen.filter((each) => each !== type),
    );
    setFieldErrors(({ reportTypes: _, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setAttempted(true);
    setFieldErrors({});
    const missing = scheduleProblem(request);
    if (missing) {
      const first =
        missing === SCHEDULE_TENANT_MISSING
          ? `${ids}-tenant`
          : recipients.length === 0
            ? `${ids}-recipient`
            : `${ids}-type-${XERO_REPORT_TYPES[0]}`;
      document.getElementById(first)?.focus();
      return;
    }
    setBusy(true);
    try {
      const scheduled = await scheduleXeroReports(request);
      showToast({ title: 'Weekly reports scheduled', description: scheduled.message });
      onScheduled(scheduled.schedule);
    } catch (error) {
      if (error instanceof AdminApiError) setFieldErrors(error.fields);
      reportAdminError(error, 'Failed to schedule weekly reports', 'Failed to schedule weekly reports');
    } finally {
      setBusy(false);
    }
  };

  const fieldError = (field: string) =>
    fieldErrors[field] ? (
      <p id={`${ids}-${field}-error`} className="field-error">
        {fieldErrors[field]}
      </p>
    ) : null;
  const describedBy = (field: string, missing: boolean, hint?: string) =>
    [hint, missing ? problemId : undefined, fieldErrors[field] ? `${ids}-${field}-error` : undefined]
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <section className="card xero-section" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`}>Weekly reports</h2>
      <p className="muted">Mailed every week at the chosen day and time, Melbourne time.</p>
      <form className="xero-form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="xero-form__grid xero-form__grid--three">
          <OrganisationSelect
            id={`${ids}-tenant`}
            tenants={tenants}
            value={tenantId}
            onChange={(next) => {
              setTenantId(next);
              setFieldErrors(({ tenantId: _, ...rest }) => rest);
            }}
            invalid={tenantMissing}
            error={fieldErrors.tenantId}
            describedBy={tenantMissing ? problemId : undefined}
          />
          <div className="field">
            <label htmlFor={`${ids}-day`}>Day</label>
            <select
              id={`${ids}-day`}
              value={dayOfWeek}
              onChange={(event) => setDayOfWeek(event.target.value)}
              aria-invalid={fieldErrors.dayOfWeek ? true : undefined}
              aria-describedby={describedBy('dayOfWeek', false)}
            >
              {WEEK_DAYS.map((day, index) => (
                <option key={day} value={String(index)}>
                  {day}
                </option>
              ))}
            </select>
            {fieldError('dayOfWeek')}
          </div>
          <div className="field">
            <label htmlFor={`${ids}-hour`}>Time</label>
            <select
              id={`${ids}-hour`}
              value={hour}
              onChange={(event) => setHour(event.target.value)}
              aria-invalid={fieldErrors.hour ? true : undefined}
              aria-describedby={describedBy('hour', false, `${ids}-hour-hint`)}
            >
              {HOURS.map((each) => (
                <option key={each} value={each}>
                  {hourLabel(each)}
                </option>
              ))}
            </select>
            <p id={`${ids}-hour-hint`} className="muted xero-hint">
              Melbourne time
            </p>
            {fieldError('hour')}
          </div>
        </div>

        <fieldset className="xero-fieldset">
          <legend>Recipients</legend>
          {recipients.length === 0 ? (
            <p className="muted">No recipients yet.</p>
          ) : (
            <ul className="xero-recipients">
              {recipients.map((address) => (
                <li key={address}>
                  <span className="xero-recipients__address">{address}</span>
                  <button type="button" className="button button--outline" onClick={() => remove(address)}>
                    Remove<span className="visually-hidden"> {address}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="xero-recipient-add">
            <div className="field">
              <label htmlFor={`${ids}-recipient`}>Recipient email</label>
              <input
                id={`${ids}-recipient`}
                type="email"
                autoComplete="email"
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                onKeyDown={addOnEnter}
                aria-invalid={recipientsMissing || Boolean(fieldErrors.emailRecipients) || undefined}
                aria-describedby={describedBy('emailRecipients', recipientsMissing)}
              />
            </div>
            <button type="button" className="button button--outline" onClick={add}>
              Add<span className="visually-hidden"> recipient</span>
            </button>
          </div>
          {fieldError('emailRecipients')}
          <p className="visually-hidden" role="status">
            {recipientNote}
          </p>
        </fieldset>

        <fieldset className="xero-fieldset" aria-describedby={describedBy('reportTypes', typesMissing)}>
          <legend>Reports</legend>
          <div className="xero-report-types">
            {XERO_REPORT_TYPES.map((type) => (
              <label key={type}>
                <input
                  id={`${ids}-type-${type}`}
                  type="checkbox"
                  checked={reportTypes.includes(type)}
                  onChange={(event) => toggleType(type, event.target.checked)}
                />
                {XERO_REPORT_NAMES[type]}
              </label>
            ))}
          </div>
          {fieldError('reportTypes')}
        </fieldset>

        <FormSubmitRow
          problem={problem}
          problemId={problemId}
          busy={busy}
          label="Schedule Weekly Reports"
          busyLabel="Setting up..."
        />
      </form>
    </section>
  );
}
