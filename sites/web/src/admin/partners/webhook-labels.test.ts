import { WEBHOOK_DELIVERY_STATUSES } from '@cleanquote/quote-core/staff';
import { describe, expect, it } from 'vitest';
import {
  deliveryPollInterval,
  deliverySettled,
  deliveryStatusLabel,
  PENDING_DELIVERY_POLL_MS,
  withMelbourneTimes,
} from './webhook-labels.ts';

describe('the delivery log’s words and rhythm', () => {
  it('names every status the API gives', () => {
    expect(WEBHOOK_DELIVERY_STATUSES.map(deliveryStatusLabel)).toEqual(['Pending', 'Delivered', 'Dead']);
  });

  it('reads the log again every few seconds only while a delivery is pending', () => {
    expect(deliveryPollInterval(undefined)).toBe(false);
    expect(deliveryPollInterval([])).toBe(false);
    expect(deliveryPollInterval([{ status: 'delivered' }, { status: 'dead' }])).toBe(false);
    expect(deliveryPollInterval([{ status: 'delivered' }, { status: 'pending' }])).toBe(
      PENDING_DELIVERY_POLL_MS,
    );
    expect(PENDING_DELIVERY_POLL_MS).toBeLessThanOrEqual(5000);
  });

  it('notices a delivery delivered or given up since the last reading, not one added or unchanged', () => {
    const pending = { id: 'msg_1', status: 'pending' };
    expect(deliverySettled(undefined, [{ id: 'msg_1', status: 'dead' }])).toBe(false);
    expect(deliverySettled([], [pending])).toBe(false);
    expect(deliverySettled([pending], [pending])).toBe(false);
    expect(deliverySettled([{ id: 'msg_1', status: 'dead' }], [{ id: 'msg_1', status: 'dead' }])).toBe(false);
    expect(deliverySettled([pending], [{ id: 'msg_1', status: 'delivered' }])).toBe(true);
    expect(
      deliverySettled(
        [pending],
        [
          { id: 'msg_2', status: 'pending' },
          { id: 'msg_1', status: 'dead' },
        ],
      ),
    ).toBe(true);
    // Sent and given up between two readings: never seen pending.
    expect(deliverySettled([], [{ id: 'msg_3', status: 'dead' }])).toBe(true);
  });

  it('shows the instants in a server’s sentence in Melbourne time', () => {
    expect(
      withMelbourneTimes(
        'The receiver answered 410 Gone on 2026-11-25T04:07:56.397Z: the webhook was switched off.',
      ),
    ).toBe('The receiver answered 410 Gone on 25/11/2026 at 3:07 PM: the webhook was switched off.');
    expect(withMelbourneTimes('No time here.')).toBe('No time here.');
  });
});
