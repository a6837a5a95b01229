import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { StaffApiError } from './staff-api.ts';

/** How {@link showServerFieldErrors} places the messages. */
export interface ServerFieldErrorOptions {
  /**
   * Moves focus to the first field with a message (the default); off where the form's own summary
   * is announced instead.
   */
  focus?: boolean;
  /**
   * Also takes a message about one part of a field ('origins.1' for 'origins'), the first of them,
   * for a field that stands for a list.
   */
  parts?: boolean;
  /** The name the server gives a field, where it differs from the form's ('unitPriceCents'). */
  nameOnServer?: (field: string) => string;
}

/**
 * Puts a failed call's per-field messages (a 400's `fields`) beside the fields of a form, `order`
 * being the fields in screen order, the only ones taken, and moves focus to the first.
 * @returns whether any field had a message (false for any other failure, which the caller reports).
 */
export function showServerFieldErrors<Form extends FieldValues>(
  error: unknown,
  order: readonly FieldPath<Form>[],
  setError: UseFormSetError<Form>,
  { focus = true, parts = false, nameOnServer = (field) => field }: ServerFieldErrorOptions = {},
): boolean {
  if (!(error instanceof StaffApiError)) return false;
  const { fields } = error;
  const messageOf = (field: string): string | undefined => {
    const name = nameOnServer(field);
    if (typeof fields[name] === 'string') return fields[name];
    if (!parts) return undefined;
    const part = Object.keys(fields).find((each) => each.startsWith(`${name}.`));
    return part === undefined ? undefined : fields[part];
  };
  const named = order.flatMap((field) => {
    const message = messageOf(field);
    return message === undefined ? [] : [{ field, message }];
  });
  named.forEach(({ field, message }, index) => {
    setError(field, { type: 'server', message }, { shouldFocus: focus && index === 0 });
  });
  return named.length > 0;
}
