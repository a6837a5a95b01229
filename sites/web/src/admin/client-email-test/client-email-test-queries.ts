import type { ClientTestEmail } from '@cleanquote/quote-core/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Answer, answer, staffApi } from '../lib/staff-api.ts';

/** What POST /api/test-client-email answers: the recipient, and the queued mail's id. */
export type ClientTestEmailQueued = Answer<(typeof staffApi)['test-client-email']['$post']>;

/** The failure toast's text when the server gave no message of its own. */
export const CLIENT_TEST_FALLBACK = 'Failed to send test email';

/**
 * Queues the client auto-response, filled from the form, to its address (POST /api/test-client-email).
 * The mail goes through the outbox: the Mail log and the System Status counts are read again.
 */
export function useSendClientTestEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: ClientTestEmail): Promise<ClientTestEmailQueued> =>
      answer(staffApi['test-client-email'].$post({ json: email })),
    // Keys as the Mail log and the dashboard's System Status name them (their paths).
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['mail'] }),
        client.invalidateQueries({ queryKey: ['admin', 'status'] }),
      ]),
    meta: { errorTitle: 'Email Test Failed', errorFallback: CLIENT_TEST_FALLBACK },
  });
}
