// @vitest-environment happy-dom
import { partnerWebhook, WEBHOOK_EVENTS } from '@cleanquote/quote-core/staff';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSiteState, toasts } from '../../state/site-state.ts';
import { formatMelbourneTime } from '../../ui/melbourne-time.ts';
import { createStaffQueryClient } from '../lib/query-client.ts';
import {
  jsonAnswer as json,
  type PreparedAnswers,
  type SentCall,
  stubStaffApi,
} from '../lib/staff-api.test-support.ts';
import type { SavedWebhook, WebhookDelivery, WebhookSettings } from './webhook-queries.ts';
import { WebhookSection } from './webhook-section.tsx';

/*
 * A partner's webhook part against a stand-in for the API's fetch, answering with bodies typed as the
 * API's own answers (a changed answer fails the type check here); the e2e spec runs it against the
 * real server and a real receiver.
 */

const partner = { key: 'northside-support', name: 'Northside Support' };
const base = `/api/partners/${partner.key}/webhook`;

let routes: PreparedAnswers = {};
let sent: SentCall[] = [];

const settings: WebhookSettings = {
  url: 'https://northside.example/hooks',
  events: ['quote.created', 'quote.status_changed'],
  enabled: true,
  disabledReason: null,
  previousSecretUntil: null,
  createdAt: '2026-11-23T22:00:00.000Z',
  updatedAt: '2026-11-23T22:00:00.000Z',
};

const delivered: WebhookDelivery = {
  id: 'msg_2p9Delivered',
  type: 'quote.created',
  status: 'delivered',
  attempts: 1,
  lastStatusCode: 200,
  lastError: null,
  createdAt: '2026-11-23T22:05:00.000Z',
  deliveredAt: '2026-11-23T22:05:01.000Z',
  nextAttemptAt: null,
};
const dead: WebhookDelivery = {
  id: 'msg_2p9Dead',
  type: 'quote.status_changed',
  status: 'dead',
  attempts: 9,
  lastStatusCode: 500,
  lastError: 'The receiver answered 500',
  createdAt: '2026-11-22T01:00:00.000Z',
  deliveredAt: null,
  nextAttemptAt: null,
};

beforeEach(() => {
  resetSiteState();
  ({ routes, sent } = stubStaffApi({
    [`GET ${base}`]: () => json(404, { error: 'This partner has no webhook.' }),
    [`GET ${base}/deliveries`]: () => json(200, { deliveries: [] }),
  }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSection() {
  return render(
    <QueryClientProvider client={createStaffQueryClient()}>
      <WebhookSection partner={partner} />
    </QueryClientProvider>,
  );
}

const region = () => screen.getByRole('region', { name: `Webhook for ${partner.name}` });
const urlField = () => within(region()).getByLabelText('Webhook URL') as HTMLInputElement;
const description = (element: Element) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
const press = async (name: string | RegExp) => {
  await act(async () => fireEvent.click(within(region()).getByRole('button', { name })));
};
const puts = () => sent.filter((each) => each.call === `PUT ${base}`);

describe('a partner without a webhook', () => {
  it('offers the URL, both events ticked and described, and Enabled', async () => {
    renderSection();
    await screen.findByLabelText('Webhook URL');
    expect(urlField().type).toBe('url');
    expect(urlField().value).toBe('');
    const created = within(region()).getByRole('checkbox', { name: 'quote.created' }) as HTMLInputElement;
    const changed = within(region()).getByRole('checkbox', {
      name: 'quote.status_changed',
    }) as HTMLInputElement;
    expect([created.checked, changed.checked]).toEqual([true, true]);
    expect(description(created)).toBe('A quote request is received');
    expect(description(changed)).toBe('Its status changes');
    expect((within(region()).getByRole('checkbox', { name: 'Enabled' }) as HTMLInputElement).checked).toBe(
      true,
    );
    // Nothing to test, rotate or log before there is a webhook.
    expect(within(region()).queryByRole('button', { name: /Send test event/ })).toBeNull();
    expect(sent.map((each) => each.call)).toEqual([`GET ${base}`]);
  });

  it('a URL the schema refuses shows the server’s own message, focused, and sends nothing', async () => {
    renderSection();
    await screen.findByLabelText('Webhook URL');
    await act(async () => fireEvent.input(urlField(), { target: { value: 'northside.example/hooks' } }));
    await press(/^Save Webhook/);
    const parsed = partnerWebhook.safeParse({
      url: 'northside.example/hooks',
      events: ['quote.created'],
      enabled: true,
    });
    const serverMessage = parsed.success ? undefined : parsed.error.issues[0]?.message;
    expect(serverMessage).toBeTruthy();
    expect(urlField().getAttribute('aria-invalid')).toBe('true');
    expect(description(urlField())).toContain(serverMessage);
    expect(document.activeElement).toBe(urlField());
    expect(puts()).toEqual([]);
    const save = within(region()).getByRole('button', { name: /^Save Webhook/ }) as HTMLButtonElement;
    expect(save.disabled).toBe(false);
  });

  it('no event ticked: the schema’s message, focus on the first event, nothing sent', async () => {
    renderSection();
    await screen.findByLabelText('Webhook URL');
    await act(async () => fireEvent.input(urlField(), { target: { value: settings.url } }));
    for (const name of WEBHOOK_EVENTS) {
      await act(async () => fireEvent.click(within(region()).getByRole('checkbox', { name })));
    }
    await press(/^Save Webhook/);
    expect(within(region()).getByText('Choose at least one event to send')).toBeTruthy();
    const first = within(region()).getByRole('checkbox', { name: 'quote.created' });
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(description(first)).toBe('A quote request is received Choose at least one event to send');
    expect(document.activeElement).toBe(within(region()).getByRole('checkbox', { name: 'quote.created' }));
    expect(puts()).toEqual([]);
  });

  it('puts the server’s fields.url at the URL field and focuses it', async () => {
    const refusal = '10.0.0.1 is not a public internet address: webhooks are only sent to public addresses';
    routes[`PUT ${base}`] = () =>
      json(400, { error: 'Please check the highlighted fields.', fields: { url: refusal } });
    renderSection();
    await screen.findByLabelText('Webhook URL');
    await act(async () => fireEvent.input(urlField(), { target: { value: 'https://10.0.0.1/hooks' } }));
    await press(/^Save Webhook/);
    await waitFor(() => expect(description(urlField())).toContain(refusal));
    expect(urlField().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(urlField());
    expect(puts()[0]?.body).toEqual({
      url: 'https://10.0.0.1/hooks',
      // A new webhook starts with every event ticked.
      events: [...WEBHOOK_EVENTS],
      enabled: true,
    });
    expect(toasts.value).toEqual([]);
  });

  it('when the server keeps nothing (no SECRETS_KEY), its message is shown in the form', async () => {
    const refusal =
      'Webhooks need SECRETS_KEY on this server: their signing secrets are stored encrypted with it. Nothing was saved.';
    routes[`PUT ${base}`] = () => json(503, { error: refusal });
    renderSection();
    await screen.findByLabelText('Webhook URL');
    await act(async () => fireEvent.input(urlField(), { target: { value: settings.url } }));
    await press(/^Save Webhook/);
    expect((await within(region()).findByRole('alert')).textContent).toBe(refusal);
    expect(within(region()).queryByLabelText('Signing secret')).toBeNull();
  });

  it('the first save shows the secret once, focused, with its warning and a copy button', async () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const saved: SavedWebhook = { ...settings, secret };
    routes[`PUT ${base}`] = () => {
      routes[`GET ${base}`] = () => json(200, settings);
      return json(200, saved);
    };
    const { unmount } = renderSection();
    await screen.findByLabelText('Webhook URL');
    await act(async () => fireEvent.input(urlField(), { target: { value: settings.url } }));
    await press(/^Save Webhook/);
    const field = (await within(region()).findByLabelText('Signing secret')) as HTMLInputElement;
    expect(field.value).toBe(secret);
    expect(field.readOnly).toBe(true);
    expect(description(field)).toBe("Copy it now: it won't be shown again.");
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(within(region()).getByRole('button', { name: /^Copy secret/ })).toBeTruthy();
    await waitFor(() => expect(toasts.value[0]?.title).toBe('Webhook Saved'));
    // The webhook exists now: test, rotate and the log are offered.
    expect(await within(region()).findByRole('button', { name: /^Send test event/ })).toBeTruthy();

    // Leaving and coming back: the GET never carries it, so it is gone.
    unmount();
    renderSection();
    await waitFor(() => expect(urlField().value).toBe(settings.url));
    expect(within(region()).queryByLabelText('Signing secret')).toBeNull();
    expect(document.body.textContent).not.toContain(secret);
  });
});

describe('a partner with a webhook', () => {
  beforeEach(() => {
    routes[`GET ${base}`] = () => json(200, settings);
  });

  it('Send test event queues one and reads the log again, with a toast', async () => {
    routes[`POST ${base}/test`] = () =>
      json(202, { id: 'msg_2p9Test', type: 'webhook.test', status: 'pending' });
    renderSection();
    await within(region()).findByRole('button', { name: /^Send test event/ });
    await press(/^Send test event/);
    await waitFor(() => expect(toasts.value[0]?.title).toBe('Test event queued'));
    const logReads = sent.filter((each) => each.call === `GET ${base}/deliveries`);
    expect(logReads.length).toBeGreaterThanOrEqual(2);
  });

  it('Rotate Secret asks first, saying the old secret signs 24 hours more, then shows the new one', async () => {
    const secret = 'whsec_RotatedRotatedRotatedRotated0000';
    routes[`POST ${base}/rotate`] = () =>
      json(200, { secret, previousSecretUntil: '2026-11-24T22:00:00.000Z' });
    renderSection();
    await within(region()).findByRole('button', { name: /^Rotate Secret/ });
    await press(/^Rotate Secret/);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('The old secret keeps signing too for 24 hours');
    expect(sent.some((each) => each.call === `POST ${base}/rotate`)).toBe(false);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Rotate Secret' })));
    const field = (await within(region()).findByLabelText('Signing secret')) as HTMLInputElement;
    expect(field.value).toBe(secret);
    expect(description(field)).toBe("Copy it now: it won't be shown again.");
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(field);

    // Asked again and cancelled, focus goes back to the button.
    await press(/^Rotate Secret/);
    const again = await screen.findByRole('alertdialog');
    await act(async () => fireEvent.click(within(again).getByRole('button', { name: 'Cancel' })));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(within(region()).getByRole('button', { name: /^Rotate Secret/ }));
  });

  it('says when the app turned the webhook off by itself', async () => {
    routes[`GET ${base}`] = () =>
      json(200, {
        ...settings,
        enabled: false,
        disabledReason:
          'The receiver answered 410 Gone on 2026-11-25T04:07:56.397Z: the webhook was switched off.',
      });
    renderSection();
    const notice = await within(region()).findByRole('note');
    expect(notice.textContent).toBe(
      'The receiver answered 410 Gone on 25/11/2026 at 3:07 PM: the webhook was switched off. Tick Enabled and save to send events to it again.',
    );
    expect((within(region()).getByRole('checkbox', { name: 'Enabled' }) as HTMLInputElement).checked).toBe(
      false,
    );
  });
});

describe('the delivery log', () => {
  beforeEach(() => {
    routes[`GET ${base}`] = () => json(200, settings);
    routes[`GET ${base}/deliveries`] = () => json(200, { deliveries: [delivered, dead] });
  });

  it('lists each delivery with its status, attempts, last answer and Melbourne times', async () => {
    renderSection();
    const table = await within(region()).findByRole('table', { name: 'Deliveries' });
    const [, first, second] = within(table).getAllByRole('row');
    const cells = (row: HTMLElement | undefined) =>
      row ? [...row.querySelectorAll('th, td')].map((cell) => cell.textContent) : [];
    expect(cells(first)).toEqual([
      delivered.id,
      'quote.created',
      'Delivered',
      '1',
      '200',
      '—',
      formatMelbourneTime(delivered.createdAt),
      formatMelbourneTime(delivered.deliveredAt ?? ''),
      '—',
      '—',
    ]);
    expect(cells(second)).toEqual([
      dead.id,
      'quote.status_changed',
      'Dead',
      '9',
      '500',
      'The receiver answered 500',
      formatMelbourneTime(dead.createdAt),
      '—',
      '—',
      `Retry ${dead.id}`,
    ]);
  });

  it('Retry on a dead delivery sends it again and reads the log again', async () => {
    routes[`POST ${base}/deliveries/${dead.id}/retry`] = () => {
      routes[`GET ${base}/deliveries`] = () =>
        json(200, {
          deliveries: [delivered, { ...dead, status: 'pending', nextAttemptAt: '2026-11-24T00:00:00.000Z' }],
        });
      return json(202, { ...dead, status: 'pending' });
    };
    renderSection();
    const table = await within(region()).findByRole('table', { name: 'Deliveries' });
    await act(async () => fireEvent.click(within(table).getByRole('button', { name: `Retry ${dead.id}` })));
    await waitFor(() => expect(within(table).getByText('Pending')).toBeTruthy());
    expect(within(table).queryByRole('button', { name: /^Retry/ })).toBeNull();
    // Its button is gone: focus stays on its row.
    await waitFor(() => expect(document.activeElement?.textContent).toBe(dead.id));
    expect(toasts.value[0]?.title).toBe('Delivery queued again');
  });
});
