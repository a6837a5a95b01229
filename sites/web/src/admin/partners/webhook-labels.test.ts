import { WEBHOOK_DELIVERY_STATUSES } from '@cleanquote/quote-core/staff';
import { describe, expect, it } from 'vitest';
import {
  deliveryPollInterval,
  deliverySettled,
  deliveryStatusLabel,
  PENDING_DELIVERY_POLL_MS,
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

  it('notices when a pending delivery was delivered or given up, not when one is added or stays', () => {
    const pending = { id: 'msg_1', status: 'pending' };
    expect(deliverySettled(undefined, [pending])).toBe(false);
    expect(deliverySettled([pending], [pending])).toBe(false);
    expect(deliverySettled([], [{ id: 'msg_2', status: 'dead' }])).toBe(false);
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
  });
});
