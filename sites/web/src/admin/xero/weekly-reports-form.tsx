import { hourLabel, WEEK_DAYS, XERO_REPORT_NAMES, XERO_REPORT_TYPES } from '@cleanquote/content';
import { type XeroScheduleInput, xeroSchedule, xeroScheduleSummary } from '@cleanquote/quote-core/staff';
import { zodResolver } from '@hookform/resolvers/zod';
import { type KeyboardEvent, useCallback, useId, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { showToast } from '../../state/site-state.ts';
import { showServerFieldErrors } from '../lib/field-errors.ts';
import { FormSubmitRow } from './form-submit-row.tsx';
import { OrganisationSelect, onlyOrganisation, useOfferedOrganisation } from './organisation-select.tsx';
import { messagesOf } from './xero-form-errors.ts';
import { addRecipient, HOURS, SCHEDULE_DEFAULTS } from './xero-labels.ts';
import { useScheduleReports, type XeroTenant } from './xero-queries.ts';

const FIELDS = ['tenantId', 'dayOfWeek', 'hour', 'emailRecipients', 'reportTypes'] as const;
type Field = (typeof FIELDS)[number];

/** Props of {@link WeeklyReportsForm}. */
export interface WeeklyReportsFormProps {
  tenants: readonly XeroTenant[];
  /** The signed-in admin's address: the first recipient until changed. */
  adminEmail: string;
}

/**
 * 'Weekly reports': organisation, day, hour, recipients and report
 * types, defaulting to Monday 09:00 with the Profit and Loss and Balance Sheet to the admin. The
 * button stays enabled; pressed with something missing it says what.
 */
export function WeeklyReportsForm({ tenants, adminEmail }: WeeklyReportsFormProps) {
  const ids = useId();
  const form = useForm<XeroScheduleInput>({
    // raw: the day and hour go as the text the API takes ('1', '9'), read by the same schema there.
    resolver: zodResolver(xeroSchedule, undefined, { raw: true }),
    defaultValues: {
      tenantId: onlyOrganisation(tenants),
      dayOfWeek: SCHEDULE_DEFAULTS.dayOfWeek,
      hour: SCHEDULE_DEFAULTS.hour,
      emailRecipients: adminEmail.trim() ? [adminEmail.trim()] : [],
      reportTypes: [...SCHEDULE_DEFAULTS.reportTypes],
    },
  });
  const { register, handleSubmit, setError, setValue, formState, control } = form;
  const schedule = useScheduleReports();
  const markStaffChoice = useOfferedOrganisation(tenants, {
    chosen: form.watch('tenantId'),
    submitted: formState.isSubmitted,
    setTenant: useCallback(
      (tenantId: string, shouldValidate: boolean) => setValue('tenantId', tenantId, { shouldValidate }),
      [setValue],
    ),
  });
  // The recipients are a list the Add and Remove buttons change; the field typed into is not sent.
  const { field: recipientsField } = useController({ control, name: 'emailRecipients' });
  const recipients = recipientsField.value ?? [];
  const [typed, setTyped] = useState('');
  const [recipientNote, setRecipientNote] = useState('');

  const messages = messagesOf(formState.errors);
  const problem = xeroScheduleSummary(messages) ?? null;
  const problemId = problem ? `${ids}-problem` : undefined;
  const tenantMissing = Boolean(problem && messages.tenantId);
  const recipientsMissing = Boolean(problem && !tenantMissing && messages.emailRecipients);
  const typesMissing = Boolean(problem && !tenantMissing && messages.reportTypes);
  // A field the summary speaks for shows no message of its own.
  const own = (field: Field) =>
    problem && (field === 'tenantId' || field === 'emailRecipients' || field === 'reportTypes')
      ? undefined
      : messages[field];

  const focusRecipient = () => document.getElementById(`${ids}-recipient`)?.focus();

  const add = () => {
    const outcome = addRecipient(recipients, typed);
    if (outcome.added) {
      recipientsField.onChange(outcome.recipients);
      setTyped('');
      setRecipientNote(`${outcome.address} added.`);
    } else if (outcome.reason === 'listed') {
      setRecipientNote(`${outcome.address} is already listed.`);
    } else {
      setRecipientNote('Type an email address to add.');
    }
    focusRecipient();
  };

  // Enter in the address field adds it rather than setting up the schedule.
  const addOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };

  const remove = (address: string) => {
    recipientsField.onChange(recipients.filter((each) => each !== address));
    setRecipientNote(`${address} removed.`);
    // The button pressed goes with the address: focus returns to where addresses are typed.
    focusRecipient();
  };

  const submit = handleSubmit((request) => {
    if (schedule.isPending) return;
    schedule.mutate(request, {
      onSuccess: (scheduled) => showToast({ title: 'Weekly reports scheduled', description: scheduled }),
      // The toast is the one error handler's; the fields say which of them the server refused.
      onError: (error) => {
        showServerFieldErrors(error, FIELDS, setError, { focus: false, parts: true });
      },
    });
  });

  const fieldError = (field: Field) => {
    const message = own(field);
    return message ? (
      <p id={`${ids}-${field}-error`} className="field-error">
        {message}
      </p>
    ) : null;
  };
  const describedBy = (field: Field, missing: boolean, hint?: string) =>
    [hint, missing ? problemId : undefined, own(field) ? `${ids}-${field}-error` : undefined]
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
            registration={register('tenantId', { onChange: markStaffChoice })}
            invalid={Boolean(messages.tenantId)}
            error={own('tenantId')}
            describedBy={tenantMissing ? problemId : undefined}
          />
          <div className="field">
            <label htmlFor={`${ids}-day`}>Day</label>
            <select
              id={`${ids}-day`}
              defaultValue={SCHEDULE_DEFAULTS.dayOfWeek}
              {...register('dayOfWeek')}
              aria-invalid={messages.dayOfWeek ? true : undefined}
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
              defaultValue={SCHEDULE_DEFAULTS.hour}
              {...register('hour')}
              aria-invalid={messages.hour ? true : undefined}
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
                ref={recipientsField.ref}
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                onKeyDown={addOnEnter}
                aria-invalid={recipientsMissing || Boolean(messages.emailRecipients) || undefined}
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
                <input id={`${ids}-type-${type}`} type="checkbox" value={type} {...register('reportTypes')} />
                {XERO_REPORT_NAMES[type]}
              </label>
            ))}
          </div>
          {fieldError('reportTypes')}
        </fieldset>

        <FormSubmitRow
          problem={problem}
          problemId={problemId}
          busy={schedule.isPending}
          label="Schedule Weekly Reports"
          busyLabel="Setting up..."
        />
      </form>
    </section>
  );
}
