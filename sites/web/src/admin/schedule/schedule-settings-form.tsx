import './schedule-settings.css';
import {
  SCHEDULE_NUMBER_FIELDS,
  SCHEDULE_NUMBERS,
  type ScheduleNumberField,
  type ScheduleSettings,
  type ScheduleSettingsInput,
  WEEKDAYS_MONDAY_FIRST,
} from '@cleanquote/quote-core/staff';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import {
  type FieldError,
  type FieldErrors,
  type FieldPath,
  get,
  useFieldArray,
  useForm,
  useWatch,
} from 'react-hook-form';
import { showToast } from '../../state/site-state.ts';
import { formatMelbourneTime } from '../../ui/melbourne-time.ts';
import { showServerFieldErrors } from '../lib/field-errors.ts';
import { reportFormFailure } from '../lib/query-client.ts';
import { StaffApiError } from '../lib/staff-api.ts';
import {
  type ScheduleSettingChange,
  scheduleSettingsHistoryQuery,
  scheduleSettingsQuery,
  useSaveScheduleSettings,
} from './schedule-settings-queries.ts';
import {
  changedSettingCount,
  closedDateText,
  dayName,
  formFieldOrder,
  OPENING_HOURS,
  type ScheduleFormValues,
  scheduleFormResolver,
  scheduleFormValues,
  serverPathOf,
  settingChangeText,
} from './schedule-settings-values.ts';

/** What each number's field says under it. */
const NUMBER_HINTS: Readonly<Record<ScheduleNumberField, string>> = {
  windowMinutes:
    'Customers choose a window to arrive in, e.g. 8:00–10:00 am; the times offered are this far apart.',
  bufferMinutes: 'Kept free after each visit, to travel to the next.',
  minimumNoticeHours: 'The first time offered is at least this far ahead.',
  changeCutoffHours:
    'Customers change or cancel online until this long before their window; after that they call.',
  horizonDays: 'How many days ahead customers can book.',
};

/** 'No setting changed.', '1 setting changed. …', '3 settings changed. …' */
function savedMessage(count: number): string {
  if (count === 0) return 'No setting changed.';
  return `${count} setting${count === 1 ? '' : 's'} changed. Customers are offered times by them from now on.`;
}

/** The message at a field, if any. */
const messageAt = (errors: FieldErrors<ScheduleFormValues>, path: string): string | undefined =>
  (get(errors, path) as FieldError | undefined)?.message;

/**
 * 'Working time and teams' on /schedule: the settings every time offered to customers follows (the
 * hours of each weekday, the arrival window, the time between visits, the notice, the cut-off for
 * changes, the days ahead, the closed dates) and the teams, with 'Save settings'; then every change,
 * who made it and when. They hold no customer data, so the quote dashboard's password does not guard them.
 */
export function ScheduleSettingsSection() {
  const { data: settings, isError } = useQuery(scheduleSettingsQuery);
  const headingId = useId();
  return (
    <>
      <section className="card schedule-settings" aria-labelledby={headingId}>
        <h2 id={headingId}>Working time and teams</h2>
        <p>
          Customers are offered arrival windows within these hours, in Melbourne time, on the days that are
          open, while a team is free.
        </p>
        {settings ? (
          <ScheduleSettingsForm settings={settings} />
        ) : isError ? (
          <p>The settings could not be loaded. Please reload the page to try again.</p>
        ) : (
          <p role="status">Loading the settings…</p>
        )}
      </section>
      <ScheduleSettingChanges />
    </>
  );
}

/** The form of {@link ScheduleSettingsSection}, from the settings as last loaded or saved. */
export function ScheduleSettingsForm({ settings }: { settings: ScheduleSettings }) {
  const ids = useId();
  const fieldId = (path: string) => `${ids}-${path.replaceAll('.', '-')}`;
  const save = useSaveScheduleSettings();
  // The settings the form stands on: a team missing from the form is one to be removed from these.
  const [saved, setSaved] = useState(settings);
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    setValue,
    getValues,
    setFocus,
    formState,
  } = useForm<ScheduleFormValues, unknown, ScheduleSettingsInput>({
    resolver: scheduleFormResolver,
    defaultValues: scheduleFormValues(settings),
  });
  const { errors } = formState;
  const teams = useFieldArray({ control, name: 'teams' });
  const hours = useWatch({ control, name: 'hours' });
  const closedDates = useWatch({ control, name: 'closedDates' });
  const teamValues = useWatch({ control, name: 'teams' });
  const [dateNews, setDateNews] = useState('');
  const addTeamButton = useRef<HTMLButtonElement>(null);

  // A message about a whole list (no team left, a team that can't go) has no field to focus: once it
  // shows, focus moves to the message itself.
  const focusAfterRender = useRef<string | null>(null);
  useEffect(() => {
    const id = focusAfterRender.current;
    const element = id ? document.getElementById(id) : null;
    if (element) {
      element.focus();
      focusAfterRender.current = null;
    }
  });
  const focusListMessage = (paths: readonly string[]) => {
    const first = formFieldOrder(getValues()).find((path) => paths.includes(path));
    if (first?.endsWith('.root')) focusAfterRender.current = fieldId(first);
  };

  const submit = handleSubmit(
    (update) => {
      if (save.isPending) return;
      save.mutate(update, {
        onSuccess: (result) => {
          reset(scheduleFormValues(result));
          setSaved(result);
          setDateNews('');
          showToast({
            title: 'Settings Saved',
            description: savedMessage(changedSettingCount(saved, result)),
          });
        },
        onError: (error) => {
          const order = formFieldOrder(getValues()) as FieldPath<ScheduleFormValues>[];
          if (showServerFieldErrors(error, order, setError, { nameOnServer: serverPathOf })) {
            if (error instanceof StaffApiError) {
              focusListMessage(order.filter((path) => error.fields[serverPathOf(path)] !== undefined));
            }
            return;
          }
          reportFormFailure(
            error,
            'Settings Not Saved',
            'The settings could not be saved. Please try again.',
          );
        },
      });
    },
    (invalid) => focusListMessage(formFieldOrder(getValues()).filter((path) => messageAt(invalid, path))),
  );

  /** 'Add closed date': the date typed joins the list (once, in order); focus stays to add another. */
  const addClosedDate = () => {
    const day = getValues('newClosedDate').trim();
    if (!day) {
      setError(
        'newClosedDate',
        { type: 'validate', message: 'Choose the date to close first' },
        { shouldFocus: true },
      );
      return;
    }
    const list = getValues('closedDates');
    setValue('closedDates', [...new Set([...list, day])].sort(), { shouldDirty: true });
    setValue('newClosedDate', '');
    clearErrors(['newClosedDate', 'closedDates']);
    setDateNews(
      list.includes(day) ? `${closedDateText(day)} is already closed.` : `Added ${closedDateText(day)}.`,
    );
    setFocus('newClosedDate');
  };

  const removeClosedDate = (day: string) => {
    setValue(
      'closedDates',
      getValues('closedDates').filter((each) => each !== day),
      { shouldDirty: true },
    );
    clearErrors('closedDates');
    setDateNews(`Removed ${closedDateText(day)}.`);
    setFocus('newClosedDate');
  };

  const removeTeam = (index: number) => {
    teams.remove(index);
    clearErrors('teams');
    addTeamButton.current?.focus();
  };

  // Teams of the saved settings that the form no longer lists: removed when saved, unless put back.
  const leftOut = saved.teams
    .map((team, position) => ({ team, position }))
    .filter(({ team }) => !teamValues.some((value) => value.teamId === team.id));

  const putBack = (team: ScheduleSettings['teams'][number], position: number) => {
    teams.insert(Math.min(position, teamValues.length), {
      teamId: team.id,
      name: team.name,
      active: team.active,
    });
    clearErrors('teams');
  };

  const listMessage = (path: string) => {
    const message = messageAt(errors, path);
    return message ? (
      <p id={fieldId(path)} className="schedule-settings__error" tabIndex={-1}>
        {message}
      </p>
    ) : null;
  };

  return (
    <form className="schedule-settings__form" onSubmit={(event) => void submit(event)} noValidate>
      <fieldset className="schedule-settings__group">
        <legend>Working hours</legend>
        <p id={`${ids}-hours-hint`} className="schedule-settings__hint">
          The first window of a day starts at its start; a visit ends by its end. Melbourne time.
        </p>
        {listMessage('hours.root')}
        <div className="schedule-settings__days">
          {WEEKDAYS_MONDAY_FIRST.map((key) => {
            const index = Number(key);
            const day = dayName(index);
            const open = hours?.[index]?.open === true;
            const problems = [`hours.${key}`, `hours.${key}.start`, `hours.${key}.end`].flatMap((path) => {
              const message = messageAt(errors, path);
              return message ? [{ path, message }] : [];
            });
            const described = (path: string) =>
              problems.some((problem) => problem.path === path)
                ? `${fieldId(path)}-error`
                : `${ids}-hours-hint`;
            return (
              <div key={key} className="schedule-settings__day">
                <span className="schedule-settings__day-name">{day}</span>
                <label className="schedule-settings__checkbox">
                  <input
                    type="checkbox"
                    {...register(`hours.${index}.open`, {
                      onChange: (event: { target: HTMLInputElement }) => {
                        // A day opened that had no times starts from the usual ones.
                        if (event.target.checked && !getValues(`hours.${index}.start`)) {
                          setValue(`hours.${index}.start`, OPENING_HOURS.start);
                          setValue(`hours.${index}.end`, OPENING_HOURS.end);
                        }
                      },
                    })}
                  />
                  Open <span className="visually-hidden">on {day}</span>
                </label>
                {open ? (
                  <div className="schedule-settings__times">
                    <div className="schedule-settings__time">
                      <label htmlFor={fieldId(`hours.${key}.start`)}>
                        Start <span className="visually-hidden">on {day}</span>
                      </label>
                      <input
                        id={fieldId(`hours.${key}.start`)}
                        type="time"
                        {...register(`hours.${index}.start`)}
                        aria-invalid={messageAt(errors, `hours.${key}.start`) ? true : undefined}
                        aria-describedby={described(`hours.${key}.start`)}
                      />
                    </div>
                    <div className="schedule-settings__time">
                      <label htmlFor={fieldId(`hours.${key}.end`)}>
                        End <span className="visually-hidden">on {day}</span>
                      </label>
                      <input
                        id={fieldId(`hours.${key}.end`)}
                        type="time"
                        {...register(`hours.${index}.end`)}
                        aria-invalid={messageAt(errors, `hours.${key}.end`) ? true : undefined}
                        aria-describedby={described(`hours.${key}.end`)}
                      />
                    </div>
                  </div>
                ) : (
                  <span className="schedule-settings__closed">Closed</span>
                )}
                {problems.map((problem) => (
                  <p
                    key={problem.path}
                    id={`${fieldId(problem.path)}-error`}
                    className="schedule-settings__error"
                  >
                    {problem.message}
                  </p>
                ))}
              </div>
            );
          })}
        </div>
      </fieldset>

      <fieldset className="schedule-settings__group">
        <legend>Booking rules</legend>
        <div className="schedule-settings__numbers">
          {SCHEDULE_NUMBER_FIELDS.map((field) => {
            const id = fieldId(field);
            const message = messageAt(errors, field);
            return (
              <div key={field} className="schedule-settings__field">
                <label htmlFor={id}>{SCHEDULE_NUMBERS[field].label}</label>
                <input
                  id={id}
                  inputMode="numeric"
                  autoComplete="off"
                  spellCheck={false}
                  {...register(field)}
                  aria-invalid={message ? true : undefined}
                  aria-describedby={message ? `${id}-hint ${id}-error` : `${id}-hint`}
                />
                <p id={`${id}-hint`} className="schedule-settings__hint">
                  {NUMBER_HINTS[field]}
                </p>
                {message ? (
                  <p id={`${id}-error`} className="schedule-settings__error">
                    {message}
                  </p>
                ) : null}
              </div>
            );
          })}
        </div>
      </fieldset>

      <fieldset className="schedule-settings__group">
        <legend>Closed dates</legend>
        <p className="schedule-settings__hint">
          No times are offered on these days: public holidays, the business’s breaks.
        </p>
        {listMessage('closedDates.root')}
        {closedDates.length === 0 ? (
          <p className="schedule-settings__empty">No closed dates.</p>
        ) : (
          <ul className="schedule-settings__dates">
            {closedDates.map((day, index) => {
              const message = messageAt(errors, `closedDates.${index}`);
              return (
                <li key={day}>
                  <span className="schedule-settings__date">{closedDateText(day)}</span>
                  <button
                    type="button"
                    className="button button--outline"
                    onClick={() => removeClosedDate(day)}
                  >
                    Remove <span className="visually-hidden">{closedDateText(day)}</span>
                  </button>
                  {message ? <p className="schedule-settings__error">{message}</p> : null}
                </li>
              );
            })}
          </ul>
        )}
        <div className="schedule-settings__field">
          <label htmlFor={fieldId('newClosedDate')}>New closed date</label>
          <div className="schedule-settings__add">
            <input
              id={fieldId('newClosedDate')}
              type="date"
              {...register('newClosedDate')}
              onKeyDown={(event) => {
                // Enter adds the date, as the button does, rather than saving the whole form.
                if (event.key === 'Enter') {
                  event.preventDefault();
                  addClosedDate();
                }
              }}
              aria-invalid={messageAt(errors, 'newClosedDate') ? true : undefined}
              aria-describedby={
                messageAt(errors, 'newClosedDate') ? `${fieldId('newClosedDate')}-error` : undefined
              }
            />
            <button type="button" className="button button--outline" onClick={addClosedDate}>
              Add closed date
            </button>
          </div>
          {messageAt(errors, 'newClosedDate') ? (
            <p id={`${fieldId('newClosedDate')}-error`} className="schedule-settings__error">
              {messageAt(errors, 'newClosedDate')}
            </p>
          ) : null}
        </div>
        <p role="status" className="visually-hidden">
          {dateNews}
        </p>
      </fieldset>

      <fieldset className="schedule-settings__group">
        <legend>Teams</legend>
        <p className="schedule-settings__hint">
          An inactive team keeps its visits but is offered no new ones. A team with visits to come can’t be
          removed: make it inactive instead.
        </p>
        {listMessage('teams.root')}
        <ol className="schedule-settings__teams">
          {teams.fields.map((field, index) => {
            const nameId = fieldId(`teams.${index}.name`);
            const nameMessage = messageAt(errors, `teams.${index}.name`);
            const rowMessage = messageAt(errors, `teams.${index}.teamId`);
            const place = `team ${index + 1}`;
            return (
              <li key={field.id} className="schedule-settings__team">
                <div className="schedule-settings__field schedule-settings__team-name">
                  <label htmlFor={nameId}>
                    Name <span className="visually-hidden">of {place}</span>
                  </label>
                  <input
                    id={nameId}
                    autoComplete="off"
                    {...register(`teams.${index}.name`)}
                    aria-invalid={nameMessage ? true : undefined}
                    aria-describedby={nameMessage ? `${nameId}-error` : undefined}
                  />
                </div>
                <label className="schedule-settings__checkbox">
                  <input type="checkbox" {...register(`teams.${index}.active`)} />
                  Active <span className="visually-hidden">({place})</span>
                </label>
                <button type="button" className="button button--outline" onClick={() => removeTeam(index)}>
                  Remove <span className="visually-hidden">{place}</span>
                </button>
                {nameMessage ? (
                  <p id={`${nameId}-error`} className="schedule-settings__error">
                    {nameMessage}
                  </p>
                ) : null}
                {rowMessage ? <p className="schedule-settings__error">{rowMessage}</p> : null}
              </li>
            );
          })}
        </ol>
        {leftOut.length > 0 ? (
          <div className="schedule-settings__left-out">
            <p>Removed when you save:</p>
            <ul>
              {leftOut.map(({ team, position }) => (
                <li key={team.id}>
                  <span>{team.name}</span>
                  <button
                    type="button"
                    className="button button--outline"
                    onClick={() => putBack(team, position)}
                  >
                    Put back <span className="visually-hidden">{team.name}</span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <button
          ref={addTeamButton}
          type="button"
          className="button button--outline"
          onClick={() => teams.append({ teamId: '', name: '', active: true })}
        >
          Add team
        </button>
      </fieldset>

      <div className="schedule-settings__actions">
        <button type="submit" className="button" aria-disabled={save.isPending || undefined}>
          {save.isPending ? 'Saving...' : 'Save settings'}
        </button>
      </div>
    </form>
  );
}

/** 'Changes to the working time and teams': who changed which setting, when, from what to what (newest first). */
function ScheduleSettingChanges() {
  const { data: changes } = useQuery(scheduleSettingsHistoryQuery);
  const headingId = useId();
  return (
    <section className="card schedule-settings-changes" aria-labelledby={headingId}>
      <h2 id={headingId}>Changes to the working time and teams</h2>
      {changes === undefined ? (
        <p role="status">Loading the changes…</p>
      ) : changes.length === 0 ? (
        <p>
          No setting has been changed yet: the working time and teams are the ones the business started with.
        </p>
      ) : (
        <ol className="schedule-settings-changes__list">
          {changes.map((change) => (
            <ScheduleSettingChangeItem key={change.id} change={change} />
          ))}
        </ol>
      )}
    </section>
  );
}

function ScheduleSettingChangeItem({ change }: { change: ScheduleSettingChange }) {
  return (
    <li>
      <strong>{change.label}</strong>: {settingChangeText(change.field, change.oldValue, change.newValue)}
      <span className="schedule-settings-changes__who">
        {' '}
        by {change.actor.name || change.actor.email} on {formatMelbourneTime(change.at)}
      </span>
    </li>
  );
}
