import type { PartnerWebhookInput } from '@cleanquote/quote-core/staff';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { partnerKeys } from '../lib/partners-query.ts';
import { type Answer, answer, answerOrNull, staffApi } from '../lib/staff-api.ts';
import { deliveryPollInterval, deliverySettled } from './webhook-labels.ts';

const webhookApi = staffApi.partners[':key'].webhook;

/** A partner's webhook as GET /api/partners/:key/webhook answers it (never its secret). */
export type WebhookSettings = Answer<typeof webhookApi.$get>;
/** What PUT /api/partners/:key/webhook answers: the webhook, with `secret` when it was just created. */
export type SavedWebhook = Answer<typeof webhookApi.$put>;
/** One delivery of a partner's webhook, as GET /api/partners/:key/webhook/deliveries lists it. */
export type WebhookDelivery = Answer<typeof webhookApi.deliveries.$get>['deliveries'][number];

/**
 * A partner's webhook keys, under the partners' own (so a partner change reads them again too):
 * `webhook(key)` its settings, `deliveries(key)` its delivery log.
 */
export const webhookKeys = {
  webhook: (key: string) => [...partnerKeys.all, 'webhook', key] as const,
  deliveries: (key: string) => [...partnerKeys.all, 'webhook', key, 'deliveries'] as const,
};

/** A partner's webhook, or null while it has none (the API answers 404). */
export function webhookQuery(key: string) {
  return queryOptions({
    queryKey: webhookKeys.webhook(key),
    queryFn: (): Promise<WebhookSettings | null> => answerOrNull(webhookApi.$get({ param: { key } })),
    meta: { errorTitle: 'Webhook Unavailable', errorFallback: 'The partner’s webhook could not be loaded.' },
  });
}

/**
 * A partner's deliveries, newest first, read again every few seconds while one is pending. Once one
 * was delivered or given up the webhook is read again: a receiver's 410 Gone switches it off.
 */
export function deliveriesQuery(key: string) {
  return queryOptions({
    queryKey: webhookKeys.deliveries(key),
    queryFn: async ({ client }) => {
      const before = client.getQueryData<WebhookDelivery[]>(webhookKeys.deliveries(key));
      const { deliveries } = await answer(webhookApi.deliveries.$get({ param: { key } }));
      if (deliverySettled(before, deliveries)) {
        // Exact: the deliveries' own key starts with the webhook's.
        void client.invalidateQueries({ queryKey: webhookKeys.webhook(key), exact: true });
      }
      return deliveries;
    },
    refetchInterval: (query) => deliveryPollInterval(query.state.data),
    staleTime: 0,
    meta: {
      errorTitle: 'Deliveries Unavailable',
      errorFallback: 'The webhook’s deliveries could not be loaded.',
    },
  });
}

/**
 * Saves a partner's webhook (PUT): the form shows what the server refused (field messages, or why
 * nothing was kept), so no toast here. The first save answers the signing secret, once.
 */
export function useSaveWebhook(key: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (webhook: PartnerWebhookInput) => answer(webhookApi.$put({ param: { key }, json: webhook })),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.webhook(key) }),
  });
}

/** Rotates a partner's signing secret: answers the new one, once; the old one signs 24 hours more. */
export function useRotateSecret(key: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => answer(webhookApi.rotate.$post({ param: { key } })),
    // The webhook now says until when the old secret signs too.
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.webhook(key) }),
    meta: {
      errorTitle: 'Secret Not Rotated',
      errorFallback: 'The signing secret could not be rotated. Please try again.',
    },
  });
}

/** Queues a `webhook.test` event to the partner's webhook; its delivery shows in the log. */
export function useSendTestEvent(key: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => answer(webhookApi.test.$post({ param: { key } })),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.deliveries(key) }),
    meta: {
      errorTitle: 'Test Event Not Sent',
      errorFallback: 'The test event could not be queued. Please try again.',
    },
  });
}

/** Sends a dead delivery again (same webhook-id); the log is read again to show it pending. */
export function useRetryDelivery(key: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => answer(webhookApi.deliveries[':id'].retry.$post({ param: { key, id } })),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.deliveries(key) }),
    meta: {
      errorTitle: 'Delivery Not Retried',
      errorFallback: 'The delivery could not be sent again. Please try again.',
    },
  });
}
