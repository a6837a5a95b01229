import type { DirectEmail, MailStatus } from '@cleanquote/quote-core/staff';
import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Answer, answer, answerWithResponse, nextPageCursor, staffApi } from '../lib/staff-api.ts';
import { queuedAgain, replaceMail } from './mail-log.ts';

/** What POST /api/send-direct-email answers: the recipient, and a sentence saying so. */
export type DirectEmailSent = Answer<(typeof staffApi)['send-direct-email']['$post']>;

/** One mail of the Mail log, as GET /api/admin/outbox answers it. */
export type OutboxMail = Answer<typeof staffApi.admin.outbox.$get>[number];

/** How many mails one page of the log shows. */
export const MAIL_LOG_PAGE_SIZE = 25;

/** Every query of the outbox's mail: a mail that was sent, queued or retried changes them all. */
export const mailKey = ['mail'] as const;

/**
 * The dashboard's System Status (GET /api/admin/status): its key names the path, so a screen that
 * queues or retries mail refreshes the counts without importing the dashboard.
 */
export const systemStatusKey = ['admin', 'status'] as const;

/**
 * The Mail log filtered by `status` (every status when undefined), newest first, a page at a time;
 * read anew each time the log opens (mail moves on by itself).
 */
export function mailLogQuery(status: MailStatus | undefined) {
  return infiniteQueryOptions({
    queryKey: [...mailKey, 'log', { status: status ?? null }],
    queryFn: async ({ pageParam }) => {
      const { body, response } = await answerWithResponse(
        staffApi.admin.outbox.$get({
          query: {
            ...(status ? { status } : {}),
            ...(pageParam ? { before: pageParam } : {}),
            limit: String(MAIL_LOG_PAGE_SIZE),
          },
        }),
      );
      return { mails: body, nextBefore: nextPageCursor(response) };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextBefore,
    staleTime: 0,
    meta: { errorTitle: 'Mail Log Unavailable', errorFallback: 'The mail log could not be loaded.' },
  });
}

/**
 * 'Retry' on a dead letter (POST /api/admin/outbox/:id/retry). The log shows the mail queued again,
 * as the server just made it; the next Refresh shows how its delivery went (read at once, a retried
 * mail would flicker from queued to sending to sent). The System Status counts are read again now.
 */
export function useRetryMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (mail: OutboxMail) =>
      answer(staffApi.admin.outbox[':id'].retry.$post({ param: { id: mail.id } })),
    onSuccess: async (_answer, mail) => {
      const now = new Date();
      client.setQueriesData<{ pages: { mails: OutboxMail[] }[] }>({ queryKey: [...mailKey, 'log'] }, (log) =>
        log
          ? {
              ...log,
              pages: log.pages.map((page) => ({
                ...page,
                mails: replaceMail(page.mails, queuedAgain(mail, now)),
              })),
            }
          : log,
      );
      await Promise.all([
        client.invalidateQueries({ queryKey: mailKey, refetchType: 'none' }),
        client.invalidateQueries({ queryKey: systemStatusKey }),
      ]);
    },
    meta: { errorTitle: 'Retry Failed', errorFallback: 'The mail could not be queued again.' },
  });
}

/**
 * Sends one mail from the sender's own mailbox (POST /api/send-direct-email). Nothing is kept of the
 * attempt (gcTime 0): its variables hold the mailbox password. The failure toast is the form's: the
 * server's message, or `fallback`.
 */
export function useSendDirectEmail(fallback: string) {
  return useMutation({
    mutationFn: (email: DirectEmail): Promise<DirectEmailSent> =>
      answer(staffApi['send-direct-email'].$post({ json: email })),
    gcTime: 0,
    meta: { errorTitle: 'Failed to Send Email', errorFallback: fallback },
  });
}
