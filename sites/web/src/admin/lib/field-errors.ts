import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';

/**
 * Puts a 400's per-field messages beside the fields of a form (`order`: the fields in screen order,
 * the only ones taken) and moves focus to the first. Answers whether any field had a message.
 */
export function showServerFieldErrors<Form extends FieldValues>(
  fields: Readonly<Record<string, string>>,
  order: readonly FieldPath<Form>[],
  setError: UseFormSetError<Form>,
): boolean {
  const named = order.filter((field) => typeof fields[field] === 'string');
  named.forEach((field, index) => {
    setError(field, { type: 'server', message: fields[field] }, { shouldFocus: index === 0 });
  });
  return named.length > 0;
}
