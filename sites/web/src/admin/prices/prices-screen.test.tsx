// @vitest-environment happy-dom
import { DEFAULT_PRICE_LIST } from '@cleanquote/quote-core/staff';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSiteState } from '../../state/site-state.ts';
import { formatMelbourneTime } from '../../ui/melbourne-time.ts';
import type { PriceListAnswer } from '../lib/price-list-query.ts';
import { createStaffQueryClient } from '../lib/query-client.ts';
import {
  jsonAnswer as json,
  type PreparedAnswers,
  type SentCall,
  stubStaffApi,
} from '../lib/staff-api.test-support.ts';
import type { PriceChange } from './prices-queries.ts';
import { PricesScreen } from './prices-screen.tsx';

/*
 * The screen against a stand-in for the API's fetch, answering with bodies typed as the API's own
 * answers; the e2e spec runs it against the real server.
 */

let routes: PreparedAnswers = {};
let sent: SentCall[] = [];

const prices: PriceListAnswer = { ...DEFAULT_PRICE_LIST, gstRegistered: true };
const change: PriceChange = {
  id: 'change-1',
  at: '2026-11-23T22:05:00.000Z',
  actor: { name: 'Sarah', email: 'owner@sparkleclean.example' },
  key: 'services.end-of-lease.bedroomCents',
  label: 'End of Lease Cleaning: Per bedroom',
  unit: 'cents',
  oldCents: 6000,
  newCents: 6500,
};
const timeChange: PriceChange = {
  id: 'change-2',
  at: '2026-11-24T22:05:00.000Z',
  actor: { name: 'Sarah', email: 'owner@sparkleclean.example' },
  key: 'durations.end-of-lease.baseMinutes',
  label: 'End of Lease Cleaning: Base time',
  unit: 'minutes',
  oldCents: 180,
  newCents: 200,
};

const discountChange: PriceChange = {
  id: 'change-3',
  at: '2026-11-25T22:05:00.000Z',
  actor: { name: 'Sarah', email: 'owner@sparkleclean.example' },
  key: 'frequencyDiscountPercent.weekly',
  label: 'Weekly discount (%)',
  unit: 'percent',
  oldCents: 15,
  newCents: 20,
};

beforeEach(() => {
  resetSiteState();
  ({ routes, sent } = stubStaffApi({
    'GET /api/prices': () => json(200, prices),
    'GET /api/prices/history': () => json(200, [discountChange, timeChange, change]),
  }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderScreen() {
  render(
    <QueryClientProvider client={createStaffQueryClient()}>
      <PricesScreen />
    </QueryClientProvider>,
  );
}

describe('the price list screen', () => {
  it('groups the prices by service, each named with its service', async () => {
    renderScreen();
    const group = within(await screen.findByRole('group', { name: 'End of Lease Cleaning' }));
    const bedroom = group.getByLabelText('End of Lease Cleaning: Per bedroom') as HTMLInputElement;
    expect(bedroom.value).toBe('60.00');
    expect((screen.getByLabelText('Urgent (Today/Tomorrow) surcharge') as HTMLInputElement).value).toBe(
      '50.00',
    );
  });

  it('shows each service’s estimated time in minutes, in a group of its own', async () => {
    renderScreen();
    const service = within(await screen.findByRole('group', { name: 'End of Lease Cleaning' }));
    const times = within(service.getByRole('group', { name: 'End of Lease Cleaning: Estimated time' }));
    const value = (name: string) => (times.getByLabelText(name) as HTMLInputElement).value;
    expect(value('End of Lease Cleaning: Base time in minutes')).toBe('180');
    expect(value('End of Lease Cleaning: Time per bedroom in minutes')).toBe('45');
    expect(value('End of Lease Cleaning: Time per bathroom in minutes')).toBe('30');
    // A service not timed by rooms has its base time only.
    const oven = within(screen.getByRole('group', { name: 'Oven Cleaning: Estimated time' }));
    expect(oven.getAllByRole('textbox').map((field) => (field as HTMLInputElement).value)).toEqual(['120']);
    expect(screen.queryByRole('group', { name: /Urgency.*Estimated time/ })).toBeNull();
  });

  it('lists who changed which price or time, when, from what to what', async () => {
    renderScreen();
    const changes = within(await screen.findByRole('region', { name: 'Price changes' }));
    const items = await changes.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `Weekly discount (%): 15% → 20% by Sarah on ${formatMelbourneTime(discountChange.at)}`,
      `End of Lease Cleaning: Base time: 3 h → 3 h 20 min by Sarah on ${formatMelbourneTime(timeChange.at)}`,
      `End of Lease Cleaning: Per bedroom: $60.00 → $65.00 by Sarah on ${formatMelbourneTime(change.at)}`,
    ]);
  });

  it('sends the times typed as minutes, and puts the server’s message on the time it names', async () => {
    routes['PUT /api/prices'] = () =>
      json(400, {
        error: 'Please check the highlighted fields.',
        fields: {
          'durations.deep-clean.bathroomMinutes': 'Deep Cleaning: Time per bathroom: can’t be negative',
        },
      });
    renderScreen();
    const bathroom = (await screen.findByLabelText(
      'Deep Cleaning: Time per bathroom in minutes',
    )) as HTMLInputElement;
    await act(async () => fireEvent.input(bathroom, { target: { value: '40' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save Prices' })));
    const put = sent.find((each) => each.call === 'PUT /api/prices');
    expect((put?.body as typeof prices | undefined)?.durations['deep-clean']).toEqual({
      baseMinutes: 180,
      bedroomMinutes: 30,
      bathroomMinutes: 40,
    });
    expect(bathroom.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(bathroom.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Deep Cleaning: Time per bathroom: can’t be negative',
    );
    expect(document.activeElement).toBe(bathroom);
  });

  it('shows the regular cleans’ discounts in percent, sends them, and puts the server’s message on the one it names', async () => {
    routes['PUT /api/prices'] = () =>
      json(400, {
        error: 'Please check the highlighted fields.',
        fields: {
          'frequencyDiscountPercent.four-weekly': 'Every 4 weeks discount (%): a whole percent from 0 to 50',
        },
      });
    renderScreen();
    const group = within(await screen.findByRole('group', { name: 'Regular cleans' }));
    const value = (name: string) => (group.getByLabelText(name) as HTMLInputElement).value;
    expect(value('Weekly discount (%)')).toBe('15');
    expect(value('Fortnightly discount (%)')).toBe('10');
    const fourWeekly = group.getByLabelText('Every 4 weeks discount (%)') as HTMLInputElement;
    expect(fourWeekly.value).toBe('5');
    await act(async () => fireEvent.input(fourWeekly, { target: { value: '8' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save Prices' })));
    const put = sent.find((each) => each.call === 'PUT /api/prices');
    expect((put?.body as typeof prices | undefined)?.frequencyDiscountPercent).toEqual({
      weekly: 15,
      fortnightly: 10,
      'four-weekly': 8,
    });
    expect(fourWeekly.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(fourWeekly.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Every 4 weeks discount (%): a whole percent from 0 to 50',
    );
    expect(document.activeElement).toBe(fourWeekly);
  });

  it('sends cents, and puts the server’s field messages on the price they name', async () => {
    routes['PUT /api/prices'] = () =>
      json(400, {
        error: 'Check the prices',
        fields: { 'services.oven-clean.baseCents': 'Oven Cleaning: Base price: at most $100,000.00' },
      });
    renderScreen();
    const base = (await screen.findByLabelText('Oven Cleaning: Base price')) as HTMLInputElement;
    await act(async () => fireEvent.input(base, { target: { value: '45.5' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save Prices' })));
    const put = sent.find((each) => each.call === 'PUT /api/prices');
    expect((put?.body as typeof prices | undefined)?.services['oven-clean'].baseCents).toBe(4550);
    expect(base.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(base.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Oven Cleaning: Base price: at most $100,000.00',
    );
    expect(document.activeElement).toBe(base);
  });
});
