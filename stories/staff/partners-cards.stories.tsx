import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { AdminApp } from '../../sites/web/src/admin/admin-app.tsx';
import {
  bayside,
  brunswickRealty,
  northsideDeliveries,
  northsideSupport,
  northsideWebhook,
  partnersAnswer,
  webhookAnswers,
} from './partners-fixtures.ts';
import { freshStaffPage, signedIn, staffScreenParameters } from './staff-story-support.tsx';
import { withHiddenPart } from './story-names.ts';

/**
 * Staff on /partners: each partner site that embeds the quote wizard as a card — whether it is on,
 * its key and allowed sites, how many quote requests it sent, its embed code, and the webhook that
 * tells the partner's own systems about its quotes, with the log of every delivery.
 */
const meta = {
  title: 'Staff/Partners/Partner card',
  component: AdminApp,
  decorators: [freshStaffPage],
  parameters: staffScreenParameters,
  args: { screen: 'partners' },
} satisfies Meta<typeof AdminApp>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The card of the partner named `name`, once the list has loaded. */
async function cardOf(canvasElement: HTMLElement, name: string) {
  const heading = await within(canvasElement).findByRole('heading', { level: 2, name });
  const card = heading.closest('li');
  if (!card) throw new Error(`No card for ${name}`);
  return within(card);
}

/** An active partner that has sent quotes: staff can disable it, but not delete it. */
export const Active: Story = {
  parameters: {
    msw: {
      handlers: [
        signedIn,
        partnersAnswer(northsideSupport),
        ...webhookAnswers({ [northsideSupport.key]: northsideWebhook }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const card = await cardOf(canvasElement, northsideSupport.name);
    await expect(card.getByText('Active')).toBeVisible();
    await expect(card.getByText(northsideSupport.key)).toBeVisible();
    await expect(card.getByText(northsideSupport.origins.join(', '))).toBeVisible();
    await expect(card.getByText('23')).toBeVisible();
    await expect(
      card.getByRole('button', { name: withHiddenPart('Disable', northsideSupport.name) }),
    ).toBeVisible();
    await expect(
      card.getByText('Its quote requests keep its name, so it can be disabled but not deleted.'),
    ).toBeVisible();
    await expect(
      card.queryByRole('button', { name: withHiddenPart('Delete', northsideSupport.name) }),
    ).toBeNull();
  },
};

/** A disabled partner: its quote form asks visitors to call instead, until staff enable it again. */
export const Disabled: Story = {
  parameters: {
    msw: { handlers: [signedIn, partnersAnswer(bayside), ...webhookAnswers({})] },
  },
  play: async ({ canvasElement }) => {
    const card = await cardOf(canvasElement, bayside.name);
    await expect(card.getByText('Disabled')).toBeVisible();
    await expect(card.getByRole('button', { name: withHiddenPart('Enable', bayside.name) })).toBeVisible();
  },
};

/**
 * A webhook with its delivery log: one delivered, one still failing (the receiver answers 503 and it
 * is tried again), one given up — staff see which events the partner missed and can retry it.
 */
export const WithWebhookDeliveries: Story = {
  parameters: {
    msw: {
      handlers: [
        signedIn,
        partnersAnswer(northsideSupport),
        ...webhookAnswers(
          { [northsideSupport.key]: northsideWebhook },
          { [northsideSupport.key]: northsideDeliveries },
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const card = await cardOf(canvasElement, northsideSupport.name);
    await expect(await card.findByRole('textbox', { name: 'Webhook URL' })).toHaveValue(northsideWebhook.url);
    const log = within(await card.findByRole('region', { name: `Deliveries for ${northsideSupport.name}` }));
    const [failing, delivered, dead] = northsideDeliveries;
    const row = (id: string) => {
      const cell = log.getByRole('rowheader', { name: id });
      const found = cell.closest('tr');
      if (!found) throw new Error(`No row for ${id}`);
      return within(found);
    };
    await expect(row(failing.id).getByText('Pending')).toBeVisible();
    await expect(row(failing.id).getByText(failing.lastError)).toBeVisible();
    await expect(row(delivered.id).getByText('Delivered')).toBeVisible();
    await expect(row(delivered.id).getByText('204')).toBeVisible();
    await expect(row(dead.id).getByText('Dead')).toBeVisible();
    await expect(row(dead.id).getByRole('button', { name: withHiddenPart('Retry', dead.id) })).toBeVisible();
    await expect(
      card.getByRole('button', { name: withHiddenPart('Send test event', `for ${northsideSupport.name}`) }),
    ).toBeVisible();
    await expect(
      card.getByRole('button', { name: withHiddenPart('Rotate Secret', `for ${northsideSupport.name}`) }),
    ).toBeVisible();
  },
};

/** Retrying a given-up delivery: it is queued again, and staff are told it will be sent shortly. */
export const RetryGivenUpDelivery: Story = {
  parameters: {
    msw: {
      handlers: [
        signedIn,
        partnersAnswer(northsideSupport),
        ...webhookAnswers(
          { [northsideSupport.key]: northsideWebhook },
          { [northsideSupport.key]: northsideDeliveries.slice(1) },
        ),
        http.post('/api/partners/:key/webhook/deliveries/:id/retry', () =>
          HttpResponse.json(
            { ...northsideDeliveries[2], status: 'pending', nextAttemptAt: '2026-03-12T00:00:05.000Z' },
            { status: 202 },
          ),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const card = await cardOf(canvasElement, northsideSupport.name);
    const dead = northsideDeliveries[2];
    await userEvent.click(await card.findByRole('button', { name: withHiddenPart('Retry', dead.id) }));
    await expect(await within(document.body).findByText('Delivery queued again')).toBeVisible();
    await expect(within(document.body).getByText(`${dead.id} will be sent again shortly.`)).toBeVisible();
  },
};

/** The receiver answered 410 Gone, so the app switched the webhook off and says so, with when. */
export const WebhookSwitchedOffByReceiver: Story = {
  parameters: {
    msw: {
      handlers: [
        signedIn,
        partnersAnswer(northsideSupport),
        ...webhookAnswers({
          [northsideSupport.key]: {
            ...northsideWebhook,
            enabled: false,
            disabledReason:
              'The receiver answered 410 Gone on 2026-03-10T22:15:00Z, so the webhook was switched off.',
          },
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const card = await cardOf(canvasElement, northsideSupport.name);
    await expect(
      await card.findByText(
        /so the webhook was switched off\. Tick Enabled and save to send events to it again\./,
      ),
    ).toBeVisible();
    await expect(card.getByText(/11\/03\/2026/)).toBeVisible();
    await expect(card.getByRole('checkbox', { name: 'Enabled' })).not.toBeChecked();
  },
};

/**
 * A partner without a webhook: an empty URL with both events ticked, no test event or secret yet,
 * and — as it has sent no quote requests — 'Delete'.
 */
export const WithoutWebhook: Story = {
  parameters: {
    msw: { handlers: [signedIn, partnersAnswer(brunswickRealty), ...webhookAnswers({})] },
  },
  play: async ({ canvasElement }) => {
    const card = await cardOf(canvasElement, brunswickRealty.name);
    await expect(await card.findByRole('textbox', { name: 'Webhook URL' })).toHaveValue('');
    await expect(card.getByRole('checkbox', { name: 'quote.created' })).toBeChecked();
    await expect(card.getByRole('checkbox', { name: 'quote.status_changed' })).toBeChecked();
    await expect(
      card.getByRole('button', { name: withHiddenPart('Save Webhook', `for ${brunswickRealty.name}`) }),
    ).toBeVisible();
    await expect(card.queryByRole('button', { name: /Send test event/ })).toBeNull();
    await expect(
      card.getByRole('button', { name: withHiddenPart('Delete', brunswickRealty.name) }),
    ).toBeVisible();
  },
};

/** The embed code, opened: the exact-version script with its integrity hash and the partner's key. */
export const EmbedCodeOpen: Story = {
  parameters: {
    msw: { handlers: [signedIn, partnersAnswer(brunswickRealty), ...webhookAnswers({})] },
  },
  play: async ({ canvasElement }) => {
    const card = await cardOf(canvasElement, brunswickRealty.name);
    await userEvent.click(card.getByText('Embed code'));
    await expect(
      card.getByText(/<cleanquote-wizard partner-key="brunswick-realty"><\/cleanquote-wizard>/),
    ).toBeVisible();
    await expect(card.getByText(/integrity="sha384-/)).toBeVisible();
    await expect(
      card.getByRole('button', { name: withHiddenPart('Copy code', `for ${brunswickRealty.name}`) }),
    ).toBeVisible();
  },
};

/** No partner yet: the screen says so and offers the form to add the first. */
export const NoPartners: Story = {
  parameters: { msw: { handlers: [signedIn, partnersAnswer()] } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByText('No partner sites yet. Add the first below.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Add a partner' })).toBeVisible();
  },
};
