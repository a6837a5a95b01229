import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { AdminApp } from '../../sites/web/src/admin/admin-app.tsx';
import type { SavedWebhook } from '../../sites/web/src/admin/partners/webhook-queries.ts';
import { brunswickRealty, partnersAnswer, webhookAnswers } from './partners-fixtures.ts';
import serverMessages from './partners-server-messages.ts?server-rendered';
import { freshStaffPage, signedIn, staffScreenParameters } from './staff-story-support.tsx';
import { withHiddenPart } from './story-names.ts';

/**
 * Staff typing on /partners: adding a partner site (its name, key and allowed sites, checked with
 * the server's own rules before anything is sent) and setting where a partner's webhook goes.
 */
const meta = {
  title: 'Staff/Partners/Forms',
  component: AdminApp,
  decorators: [freshStaffPage],
  parameters: staffScreenParameters,
  args: { screen: 'partners' },
} satisfies Meta<typeof AdminApp>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The 'Add a partner' form, once the screen has loaded. */
async function addForm(canvasElement: HTMLElement) {
  const heading = await within(canvasElement).findByRole('heading', { name: 'Add a partner' });
  const section = heading.closest('section');
  if (!section) throw new Error('No add form');
  return within(section);
}

/** The webhook part of Brunswick Realty's card. */
async function webhookOf(canvasElement: HTMLElement) {
  const heading = await within(canvasElement).findByRole('heading', {
    level: 3,
    name: withHiddenPart('Webhook', `for ${brunswickRealty.name}`),
  });
  const section = heading.closest('section');
  if (!section) throw new Error('No webhook section');
  await within(section).findByRole('textbox', { name: 'Webhook URL' });
  return within(section);
}

const partnersScreen = [signedIn, partnersAnswer(brunswickRealty), ...webhookAnswers({})];

/** 'Add partner' pressed on an empty form: each field says what it needs, and nothing is sent. */
export const NewPartnerMissingFields: Story = {
  parameters: { msw: { handlers: partnersScreen } },
  play: async ({ canvasElement }) => {
    const form = await addForm(canvasElement);
    await userEvent.click(form.getByRole('button', { name: 'Add partner' }));
    await expect(await form.findByText('Please enter the partner’s name')).toBeVisible();
    await expect(form.getByText('List at least one site allowed to use the key')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
  },
};

/** A site typed without its scheme: the form says which one is not an origin, in the server's words. */
export const NewPartnerSiteNotAnOrigin: Story = {
  parameters: { msw: { handlers: partnersScreen } },
  play: async ({ canvasElement }) => {
    const form = await addForm(canvasElement);
    await userEvent.type(form.getByRole('textbox', { name: 'Name' }), 'Carlton Support Coordination');
    await expect(form.getByRole('textbox', { name: 'Key' })).toHaveValue('carlton-support-coordination');
    await userEvent.type(form.getByRole('textbox', { name: 'Allowed sites' }), 'carltonsupport.example');
    await userEvent.click(form.getByRole('button', { name: 'Add partner' }));
    await expect(
      await form.findByText('"carltonsupport.example" is not an origin like https://agency.example'),
    ).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Allowed sites' })).toHaveFocus();
  },
};

/** A partner added: the form empties and staff are told its sites can now embed the wizard. */
export const PartnerAdded: Story = {
  parameters: {
    msw: {
      handlers: [
        ...partnersScreen,
        http.post('/api/partners', async ({ request }) => {
          const partner = (await request.json()) as { key: string; name: string; origins: string[] };
          return HttpResponse.json({ ...partner, enabled: true, quoteCount: 0 }, { status: 201 });
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const form = await addForm(canvasElement);
    await userEvent.type(form.getByRole('textbox', { name: 'Name' }), 'Carlton Support Coordination');
    await userEvent.type(
      form.getByRole('textbox', { name: 'Allowed sites' }),
      'https://carltonsupport.example',
    );
    await userEvent.click(form.getByRole('button', { name: 'Add partner' }));
    const page = within(document.body);
    await expect(await page.findByText('Partner Added')).toBeVisible();
    await expect(
      page.getByText('Carlton Support Coordination can now embed the quote wizard.'),
    ).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  },
};

/** A webhook URL that is no address at all: the browser says so before anything is sent. */
export const WebhookUrlNotAnAddress: Story = {
  parameters: { msw: { handlers: partnersScreen } },
  play: async ({ canvasElement }) => {
    const webhook = await webhookOf(canvasElement);
    await userEvent.type(webhook.getByRole('textbox', { name: 'Webhook URL' }), 'hooks.brunswickrealty');
    await userEvent.click(
      webhook.getByRole('button', { name: withHiddenPart('Save Webhook', `for ${brunswickRealty.name}`) }),
    );
    await expect(
      await webhook.findByText('Enter a full address, like https://partner.example/webhooks'),
    ).toBeVisible();
  },
};

/**
 * A webhook URL inside a private network: the server refuses it (webhooks only go to public
 * addresses) and the field shows the server's own words.
 */
export const WebhookUrlRefusedByServer: Story = {
  parameters: {
    msw: {
      handlers: [
        ...partnersScreen,
        http.put('/api/partners/:key/webhook', () =>
          HttpResponse.json(
            {
              error: 'Please check the highlighted fields.',
              fields: { url: serverMessages.privateAddress ?? '' },
              requestId: 'story',
            },
            { status: 400 },
          ),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const webhook = await webhookOf(canvasElement);
    const url = webhook.getByRole('textbox', { name: 'Webhook URL' });
    await userEvent.type(url, 'https://192.168.1.20/hooks');
    await userEvent.click(
      webhook.getByRole('button', { name: withHiddenPart('Save Webhook', `for ${brunswickRealty.name}`) }),
    );
    await expect(
      await webhook.findByText(
        '192.168.1.20 is not a public internet address: webhooks are only sent to public addresses',
      ),
    ).toBeVisible();
    await expect(url).toHaveAttribute('aria-invalid', 'true');
    await expect(url).toHaveFocus();
  },
};

/** The first save: the signing secret shows once, focused, with the warning to copy it now. */
export const WebhookSavedWithSecret: Story = {
  parameters: {
    msw: {
      handlers: [
        ...partnersScreen,
        http.put('/api/partners/:key/webhook', () =>
          HttpResponse.json({
            url: 'https://crm.brunswickrealty.example/hooks/cleanquote',
            events: ['quote.created', 'quote.status_changed'],
            enabled: true,
            disabledReason: null,
            previousSecretUntil: null,
            createdAt: '2026-03-12T00:30:00.000Z',
            updatedAt: '2026-03-12T00:30:00.000Z',
            secret: 'whsec_MfKQ9r8GKYqXnQNb5Ggn8JXoQ3t2cRz7',
          } satisfies SavedWebhook),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const webhook = await webhookOf(canvasElement);
    await userEvent.type(
      webhook.getByRole('textbox', { name: 'Webhook URL' }),
      'https://crm.brunswickrealty.example/hooks/cleanquote',
    );
    await userEvent.click(
      webhook.getByRole('button', { name: withHiddenPart('Save Webhook', `for ${brunswickRealty.name}`) }),
    );
    const secret = await webhook.findByRole('textbox', { name: 'Signing secret' });
    await expect(secret).toHaveValue('whsec_MfKQ9r8GKYqXnQNb5Ggn8JXoQ3t2cRz7');
    await expect(secret).toHaveFocus();
    await expect(webhook.getByText("Copy it now: it won't be shown again.")).toBeVisible();
    await expect(await within(document.body).findByText('Webhook Saved')).toBeVisible();
  },
};
