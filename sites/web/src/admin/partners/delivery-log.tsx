import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { showToast } from '../../state/site-state.ts';
import { formatMelbourneTime } from '../../ui/melbourne-time.ts';
import { useFocusOnceShown } from '../lib/focus-once-shown.ts';
import { deliveryStatusLabel } from './webhook-labels.ts';
import { deliveriesQuery, useRetryDelivery, type WebhookDelivery } from './webhook-queries.ts';

/** The id of a delivery's row header, where focus goes once its 'Retry' button is gone. */
const deliveryRowId = (partnerKey: string, delivery: WebhookDelivery) =>
  `delivery-${partnerKey}-${delivery.id}`;

/** A time in Melbourne, or a dash where there is none. */
function When({ at }: { at: string | null | undefined }) {
  return at ? <time dateTime={at}>{formatMelbourneTime(at)}</time> : <>—</>;
}

/**
 * A partner's webhook deliveries, newest first: what was sent, where it stands, how often it was
 * tried and how the receiver last answered, each time in Melbourne; 'Retry' on a dead one. Read again
 * every few seconds while any delivery is pending.
 */
export function DeliveryLog({ partnerKey, partnerName }: { partnerKey: string; partnerName: string }) {
  const log = useQuery(deliveriesQuery(partnerKey));
  const retry = useRetryDelivery(partnerKey);
  const [retrying, setRetrying] = useState<string | null>(null);
  // Focus goes where the log shows a change: the row of a delivery whose Retry button went.
  const focusOnceShown = useFocusOnceShown();

  const retryDelivery = (delivery: WebhookDelivery) => {
    if (retrying !== null) return;
    setRetrying(delivery.id);
    retry.mutate(delivery.id, {
      onSuccess: () => {
        showToast({
          title: 'Delivery queued again',
          description: `${delivery.id} will be sent again shortly.`,
        });
        focusOnceShown(deliveryRowId(partnerKey, delivery));
      },
      onSettled: () => setRetrying(null),
    });
  };

  const deliveries = log.data;
  return (
    <div className="webhook-deliveries" aria-busy={log.isFetching}>
      <div className="webhook-deliveries__toolbar">
        <button
          type="button"
          className="button button--outline"
          onClick={() => {
            if (!log.isFetching) void log.refetch();
          }}
        >
          Refresh deliveries<span className="visually-hidden"> for {partnerName}</span>
        </button>
      </div>
      {deliveries === undefined ? (
        log.isError ? (
          <p role="alert">The deliveries could not be loaded: {log.error.message}</p>
        ) : (
          <p role="status">Loading deliveries…</p>
        )
      ) : deliveries.length === 0 ? (
        <p className="muted">No deliveries yet. Send a test event to try the webhook.</p>
      ) : (
        <section
          className="webhook-deliveries__scroll"
          aria-label={`Deliveries for ${partnerName}`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls sideways on a narrow screen, so the keyboard must reach it.
          tabIndex={0}
        >
          <table className="webhook-deliveries__table">
            <caption>Deliveries</caption>
            <thead>
              <tr>
                <th scope="col">Webhook ID</th>
                <th scope="col">Type</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Last status code</th>
                <th scope="col">Last error</th>
                <th scope="col">Created</th>
                <th scope="col">Delivered</th>
                <th scope="col">Next attempt</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((delivery) => (
                <tr key={delivery.id}>
                  <th scope="row" id={deliveryRowId(partnerKey, delivery)} tabIndex={-1}>
                    <code>{delivery.id}</code>
                  </th>
                  <td>{delivery.type}</td>
                  <td>
                    <span className={`webhook-status webhook-status--${delivery.status}`}>
                      {deliveryStatusLabel(delivery.status)}
                    </span>
                  </td>
                  <td>{delivery.attempts}</td>
                  <td>{delivery.lastStatusCode ?? '—'}</td>
                  <td className="webhook-deliveries__error">{delivery.lastError ?? '—'}</td>
                  <td>
                    <When at={delivery.createdAt} />
                  </td>
                  <td>
                    <When at={delivery.deliveredAt} />
                  </td>
                  <td>
                    <When at={delivery.status === 'pending' ? delivery.nextAttemptAt : null} />
                  </td>
                  <td>
                    {delivery.status === 'dead' ? (
                      <button
                        type="button"
                        className="button button--outline"
                        aria-disabled={retrying === delivery.id || undefined}
                        onClick={() => retryDelivery(delivery)}
                      >
                        {retrying === delivery.id ? 'Retrying...' : 'Retry'}
                        <span className="visually-hidden"> {delivery.id}</span>
                      </button>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}
