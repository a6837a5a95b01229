/**
 * The `message` a stored quote request shows in the quote list: the wizard's special
 * requests, when there are any. Read from the stored request body.
 */
export function messageOf(details: unknown): string | undefined {
  const value = (details as { specialRequests?: unknown } | null)?.specialRequests;
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
