/** Props of {@link FormSubmitRow}. */
export interface FormSubmitRowProps {
  /** The form's validation message, announced when it appears; none while the form is complete. */
  problem: string | null;
  problemId: string | undefined;
  busy: boolean;
  label: string;
  /** 'Sending...' or 'Setting up...' while the request runs. */
  busyLabel: string;
}

/**
 * The end of the test-report and weekly forms: the validation message, then the submit button. The
 * button is never disabled (pressing it says what is missing); while busy it is
 * aria-disabled so focus stays on it.
 */
export function FormSubmitRow({ problem, problemId, busy, label, busyLabel }: FormSubmitRowProps) {
  return (
    <>
      {problem ? (
        <p id={problemId} className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="xero-form__actions">
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {busy ? busyLabel : label}
        </button>
      </div>
    </>
  );
}
