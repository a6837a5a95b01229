import type { ReactElement } from 'react';

/** What a field's control is given: its id, and its invalid state and descriptions for assistive technology. */
export interface FieldControlProps {
  id: string;
  required?: boolean;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** Props of {@link FormField}. */
export interface FormFieldProps {
  /** The control's id (the parent knows it, to move focus to the first field to fix). */
  id: string;
  /** The visible label; the control's accessible name starts with it. */
  label: string;
  required?: boolean;
  /** A standing hint under the control. */
  hint?: string | undefined;
  /** What is wrong with the value; marks the control invalid and is read with it. */
  error?: string | undefined;
  /** Renders the control (input, select or textarea) with the props given. */
  children: (control: FieldControlProps) => ReactElement;
}

/**
 * One labelled form field of the email tools: label (with '(required)' when it is), the control, a
 * hint and the field's error message, both tied to the control by aria-describedby.
 */
export function FormField({ id, label, required = false, hint, error, children }: FormFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={`field email-field${error ? ' email-field--invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required ? <span className="email-field__required"> (required)</span> : null}
      </label>
      {children({
        id,
        ...(required ? { required: true } : {}),
        ...(error ? { 'aria-invalid': true } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {hint ? (
        <p id={hintId} className="email-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="email-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
