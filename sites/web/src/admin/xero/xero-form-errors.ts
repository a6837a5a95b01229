import type { FieldErrors, FieldValues } from 'react-hook-form';

/**
 * `{ field: message }` of a form's errors, the first message per top-level field, in the shape the
 * server's 400 `fields` have: the schemas' summaries (xeroTestReportSummary, xeroScheduleSummary)
 * read either. A list field's message is its own, its root's, or its first item's.
 */
export function messagesOf<Values extends FieldValues>(errors: FieldErrors<Values>): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const [field, error] of Object.entries(errors)) {
    const message = firstMessage(error);
    if (message) messages[field] = message;
  }
  return messages;
}

function firstMessage(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { message, root } = error as { message?: unknown; root?: unknown };
  if (typeof message === 'string' && message) return message;
  const fromRoot = firstMessage(root);
  if (fromRoot) return fromRoot;
  if (Array.isArray(error)) {
    for (const item of error) {
      const found = firstMessage(item);
      if (found) return found;
    }
  }
  return undefined;
}
