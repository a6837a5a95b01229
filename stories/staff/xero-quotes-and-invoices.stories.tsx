import { XERO_ACCOUNT_CODE_MESSAGE } from '@cleanquote/quote-core/staff';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { AdminApp } from '../../sites/web/src/admin/admin-app.tsx';
import { toasts } from '../../sites/web/src/state/site-state.ts';
import { freshStaffPage, signedIn, staffScreenParameters } from './staff-story-support.tsx';
import {
  connected,
  noneChosen,
  schedulesAnswer,
  sparkleClean,
  sparkleHoldings,
  syncAnswer,
  syncWorld,
  toSparkleClean,
} from './xero-fixtures.ts';

/**
 * Staff on /xero choosing the one organisation that receives sent quotes and, once accepted, their
 * invoices: its checkbox, the sales account code and tax type of the lines, and the organisations
 * Xero granted reports only, which must be connected again first.
 */
const meta = {
  title: 'Staff/Xero/Quotes and invoices',
  component: AdminApp,
  decorators: [freshStaffPage],
  parameters: staffScreenParameters,
  args: { screen: 'xero' },
  beforeEach: () => {
    toasts.value = [];
  },
} satisfies Meta<typeof AdminApp>;

export default meta;
type Story = StoryObj<typeof meta>;

const SEND = 'Send quotes and invoices to this organisation';

/** The organisation named `name`, once the list and the choice have loaded. */
async function organisation(canvasElement: HTMLElement, name: string) {
  const heading = await within(canvasElement).findByRole('heading', { level: 3, name });
  const item = heading.closest('li');
  if (!item) throw new Error(`No organisation ${name}`);
  return within(item);
}

/**
 * Quotes and invoices go to the business's own books, on the Sales account with GST on income; the
 * holding company, connected for its reports only, says to connect again instead of a checkbox.
 */
export const OrganisationReceivingQuotes: Story = {
  parameters: {
    msw: {
      handlers: [
        signedIn,
        connected(sparkleClean, sparkleHoldings),
        syncAnswer(toSparkleClean),
        schedulesAnswer(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const business = await organisation(canvasElement, sparkleClean.tenantName);
    await expect(await business.findByRole('checkbox', { name: SEND })).toBeChecked();
    await expect(business.getByRole('textbox', { name: 'Sales account code' })).toHaveValue('200');
    await expect(business.getByRole('combobox', { name: 'Tax type' })).toHaveDisplayValue('GST on Income');
    await expect(business.getByRole('option', { name: 'GST Free Income' })).toBeInTheDocument();
    await expect(business.getByRole('option', { name: 'BAS Excluded' })).toBeInTheDocument();
    await expect(business.getByRole('button', { name: 'Save' })).toBeVisible();

    const holdings = await organisation(canvasElement, sparkleHoldings.tenantName);
    await expect(holdings.getByText('Reconnect to allow quotes and invoices')).toBeVisible();
    await expect(holdings.queryByRole('checkbox')).toBeNull();
    await expect(within(canvasElement).getByRole('button', { name: 'Connect to Xero' })).toBeVisible();
  },
};

/** No organisation is chosen yet: every checkbox is clear, and no account or tax type is asked. */
export const NoneChosen: Story = {
  parameters: {
    msw: { handlers: [signedIn, connected(sparkleClean), syncAnswer(noneChosen), schedulesAnswer()] },
  },
  play: async ({ canvasElement }) => {
    const business = await organisation(canvasElement, sparkleClean.tenantName);
    await expect(await business.findByRole('checkbox', { name: SEND })).not.toBeChecked();
    await expect(business.queryByRole('textbox', { name: 'Sales account code' })).toBeNull();
  },
};

const choosing = syncWorld(noneChosen, [sparkleClean, sparkleHoldings]);

/**
 * Ticking the business's books sends quotes and invoices there (staff are told, focus stays on the
 * checkbox, the account and tax type appear); unticking stops it.
 */
export const ChoosingWhereQuotesGo: Story = {
  beforeEach: () => choosing.reset(),
  parameters: {
    msw: {
      handlers: [signedIn, connected(sparkleClean, sparkleHoldings), ...choosing.handlers, schedulesAnswer()],
    },
  },
  play: async ({ canvasElement }) => {
    const business = await organisation(canvasElement, sparkleClean.tenantName);
    const body = within(canvasElement.ownerDocument.body);
    const checkbox = await business.findByRole('checkbox', { name: SEND });
    await userEvent.click(checkbox);
    await expect(await body.findByText(`Quotes and invoices go to ${sparkleClean.tenantName}`)).toBeVisible();
    await expect(checkbox).toBeChecked();
    await expect(checkbox).toHaveFocus();
    await expect(await business.findByRole('textbox', { name: 'Sales account code' })).toHaveValue('200');

    await userEvent.click(checkbox);
    await expect(await body.findByText('Quotes and invoices are no longer sent to Xero')).toBeVisible();
    await expect(checkbox).not.toBeChecked();
    await expect(business.queryByRole('textbox', { name: 'Sales account code' })).toBeNull();
  },
};

const coding = syncWorld(toSparkleClean, [sparkleClean]);

/** The lines go to another account, GST-free: 'Save' keeps them, and staff are told. */
export const ChangingTheAccountAndTaxType: Story = {
  beforeEach: () => coding.reset(),
  parameters: {
    msw: { handlers: [signedIn, connected(sparkleClean), ...coding.handlers, schedulesAnswer()] },
  },
  play: async ({ canvasElement }) => {
    const business = await organisation(canvasElement, sparkleClean.tenantName);
    const code = await business.findByRole('textbox', { name: 'Sales account code' });
    await userEvent.clear(code);
    await userEvent.type(code, '210');
    await userEvent.selectOptions(business.getByRole('combobox', { name: 'Tax type' }), 'GST Free Income');
    const save = business.getByRole('button', { name: 'Save' });
    await userEvent.click(save);
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByText(`Quotes and invoices go to ${sparkleClean.tenantName}`)).toBeVisible();
    await expect(
      body.getByText('Quotes sent from now on are added to Xero on account 210 with GST Free Income.'),
    ).toBeVisible();
    await expect(save).toHaveFocus();
  },
};

/** An account code Xero would not have: the field says so before anything is sent, and has focus. */
export const AccountCodeInvalid: Story = {
  parameters: {
    msw: { handlers: [signedIn, connected(sparkleClean), syncAnswer(toSparkleClean), schedulesAnswer()] },
  },
  play: async ({ canvasElement }) => {
    const business = await organisation(canvasElement, sparkleClean.tenantName);
    const code = await business.findByRole('textbox', { name: 'Sales account code' });
    await userEvent.clear(code);
    await userEvent.type(code, 'Sales 200');
    await userEvent.click(business.getByRole('button', { name: 'Save' }));
    await expect(await business.findByText(XERO_ACCOUNT_CODE_MESSAGE)).toBeVisible();
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(code).toHaveFocus();
  },
};

const refusing = syncWorld(noneChosen, [sparkleClean], () =>
  HttpResponse.json(
    {
      error: 'Reconnect to allow quotes and invoices',
      fields: { tenantId: 'Reconnect to allow quotes and invoices' },
      reconnectNeeded: true,
      requestId: 'story',
    },
    { status: 409 },
  ),
);

/**
 * Xero's grant changed since the list was read: the server refuses the choice, staff are told to
 * reconnect, and focus goes to the Organisations heading.
 */
export const ChoiceRefused: Story = {
  beforeEach: () => refusing.reset(),
  parameters: {
    msw: { handlers: [signedIn, connected(sparkleClean), ...refusing.handlers, schedulesAnswer()] },
  },
  play: async ({ canvasElement }) => {
    const business = await organisation(canvasElement, sparkleClean.tenantName);
    const checkbox = await business.findByRole('checkbox', { name: SEND });
    await userEvent.click(checkbox);
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByText('Xero settings not saved')).toBeVisible();
    await expect(await business.findByText('Reconnect to allow quotes and invoices')).toBeVisible();
    await expect(checkbox).not.toBeChecked();
    await expect(
      within(canvasElement).getByRole('heading', { level: 2, name: 'Organisations' }),
    ).toHaveFocus();
  },
};
