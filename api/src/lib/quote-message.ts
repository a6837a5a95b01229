/**
 * The `message` of a stored quote request in the spec's list shape: the wizard's special
 * requests, when there are any. Read from the stored request body.
 */
export function messageOf(details: unknown): string | undefined {
  const value = (details as { specialRequests?: unknown } | null)?.specialRequests;
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
