// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSiteState } from '../../state/site-state.ts';
import { createStaffQueryClient } from '../lib/query-client.ts';
import { PricedQuoteEditor, type PricedQuoteEditorProps } from './priced-quote-editor.tsx';
import { quoteDraftFormValues } from './quote-draft-form.ts';

/*
 * The editor against a stand-in for the API's fetch that records each request and answers with the
 * JSON the API gives (the e2e spec runs the editor against the real server).
 */

let sent: { method: string; path: string; body: unknown }[] = [];
let answers: Array<() => Response> = [];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  resetSiteState();
  sent = [];
  answers = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      sent.push({
        method: init?.method ?? 'GET',
        path: url.pathname,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      return answers.shift()?.() ?? json(404, { error: 'No answer prepared.' });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const lines = [
  { description: 'End of Lease Cleaning', quantity: 1, unitPriceCents: 25000 },
  { description: 'Bedrooms', quantity: 2, unitPriceCents: 6000 },
];

function renderEditor(props: Partial<PricedQuoteEditorProps> = {}) {
  return render(
    <QueryClientProvider client={createStaffQueryClient()}>
      <PricedQuoteEditor
        requestId="request-1"
        initial={quoteDraftFormValues(lines, '', 240)}
        hasQuote={false}
        latestIsDraft={false}
        nextVersion={null}
        gstRegistered
        discountPercents={{ weekly: 15, fortnightly: 10, 'four-weekly': 5 }}
        onClose={() => {}}
        onSent={() => {}}
        {...props}
      />
    </QueryClientProvider>,
  );
}

const line = (number: number) => within(screen.getByRole('group', { name: `Line ${number}` }));
const field = (number: number, label: string) => line(number).getByLabelText(label) as HTMLInputElement;
const totals = () => document.querySelector('.quote-totals')?.textContent;
const press = async (name: string) => {
  await act(async () => fireEvent.click(screen.getByRole('button', { name })));
};

describe('the quote editor', () => {
  it('adds the lines up as they are typed, GST included as the total ÷ 11', async () => {
    renderEditor();
    expect(totals()).toBe('Total (incl. GST)$370.00GST included$33.64');
    await act(async () => fireEvent.input(field(2, 'Unit price'), { target: { value: '65.5' } }));
    expect(line(2).getByText('$131.00')).toBeTruthy();
    expect(totals()).toBe('Total (incl. GST)$381.00GST included$34.64');
  });

  it('asks how often, and shows a regular clean’s discount and total per visit as the customer will see them', async () => {
    renderEditor();
    const often = screen.getByRole('combobox', { name: 'How often' }) as HTMLSelectElement;
    expect([...often.options].map((option) => [option.value, option.textContent])).toEqual([
      ['once', 'One-off'],
      ['weekly', 'Weekly'],
      ['fortnightly', 'Fortnightly'],
      ['four-weekly', 'Every 4 weeks'],
    ]);
    expect(often.value).toBe('once');
    expect(document.getElementById(often.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      "A regular clean takes the price list's discount off every visit: weekly 15%, fortnightly 10%, every 4 weeks 5%.",
    );
    await act(async () => fireEvent.change(often, { target: { value: 'weekly' } }));
    // $370.00 less 15% ($55.50) is $314.50 per visit; GST $28.59 (28.5909…).
    expect(totals()).toBe(
      'Subtotal$370.00Weekly discount (15%)−$55.50Total (incl. GST)$314.50 per visit, weeklyGST included$28.59',
    );
    await act(async () => fireEvent.change(often, { target: { value: 'four-weekly' } }));
    expect(totals()).toBe(
      'Subtotal$370.00Every 4 weeks discount (5%)−$18.50Total (incl. GST)$351.50 per visit, every 4 weeksGST included$31.95',
    );
    answers.push(() => json(201, {}));
    await press('Save Draft');
    expect(sent[0]?.body).toEqual({ lines, note: '', durationMinutes: 240, frequency: 'four-weekly' });
  });

  it('shows no GST for a business that is not registered for it', () => {
    renderEditor({ gstRegistered: false });
    expect(totals()).toBe('Total$370.00');
  });

  it('refuses a bad quantity in the server’s words, on its field, sending nothing', async () => {
    renderEditor();
    await act(async () => fireEvent.input(field(2, 'Quantity'), { target: { value: '0' } }));
    await press('Save Draft');
    expect(sent).toEqual([]);
    const quantity = field(2, 'Quantity');
    expect(quantity.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(quantity.getAttribute('aria-describedby') ?? '');
    expect(message?.textContent).toBe('Line 2: the quantity is a whole number from 1 to 999');
    expect(document.activeElement).toBe(quantity);
  });

  it('puts the server’s field messages on the same inputs and focuses the first', async () => {
    renderEditor({ hasQuote: true, latestIsDraft: true });
    answers.push(() =>
      json(400, {
        error: 'Check the quote',
        fields: { 'lines.1.unitPriceCents': 'Line 2: the unit price is at most $100,000.00' },
      }),
    );
    await press('Save Draft');
    expect(sent.map((each) => `${each.method} ${each.path}`)).toEqual(['PUT /api/contact/request-1/quote']);
    expect(sent[0]?.body).toEqual({ lines, note: '', durationMinutes: 240, frequency: 'once' });
    const price = field(2, 'Unit price');
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(price.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Line 2: the unit price is at most $100,000.00',
    );
    expect(document.activeElement).toBe(price);
  });

  it('shows the estimated time in minutes with its hours beside it, and sends it with the lines', async () => {
    renderEditor();
    const time = screen.getByRole('spinbutton', { name: /^Estimated time/ }) as HTMLInputElement;
    expect(time.value).toBe('240');
    expect(time.step).toBe('15');
    const described = () =>
      (time.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent);
    expect(described()).toContain('4 h');
    await act(async () => fireEvent.input(time, { target: { value: '225' } }));
    expect(described()).toContain('3 h 45 min');
    answers.push(() => json(201, {}));
    await press('Save Draft');
    expect(sent.map((each) => `${each.method} ${each.path}`)).toEqual(['POST /api/contact/request-1/quote']);
    expect(sent[0]?.body).toEqual({ lines, note: '', durationMinutes: 225, frequency: 'once' });
  });

  it('refuses an estimated time outside 15 to 720 minutes at its field, sending nothing', async () => {
    renderEditor();
    const time = screen.getByRole('spinbutton', { name: /^Estimated time/ }) as HTMLInputElement;
    for (const value of ['0', '721', '']) {
      await act(async () => fireEvent.input(time, { target: { value } }));
      await press('Save Draft');
      expect(time.getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(time);
    }
    expect(screen.getByText('The estimated time is a whole number of minutes from 15 to 720')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('shows the server’s message about the estimated time at its field', async () => {
    renderEditor({ hasQuote: true, latestIsDraft: true });
    answers.push(() =>
      json(400, {
        error: 'Please check the highlighted fields.',
        fields: { durationMinutes: 'The estimated time is a whole number of minutes from 15 to 720' },
      }),
    );
    await press('Save Draft');
    const time = screen.getByRole('spinbutton', { name: /^Estimated time/ }) as HTMLInputElement;
    expect(time.getAttribute('aria-invalid')).toBe('true');
    const message = (time.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(message).toContain('The estimated time is a whole number of minutes from 15 to 720');
    expect(document.activeElement).toBe(time);
  });

  it('names each line’s Remove button, and moves focus to the line that takes its place', async () => {
    renderEditor();
    expect(screen.getByRole('button', { name: 'Remove line 2' })).toBeTruthy();
    await press('Remove line 1');
    expect(screen.queryByRole('group', { name: 'Line 2' })).toBeNull();
    expect(field(1, 'Description').value).toBe('Bedrooms');
    expect(document.activeElement).toBe(field(1, 'Description'));
    await press('Remove line 1');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add line' }));
    await press('Save Draft');
    expect(screen.getByText('Add at least one line')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('says that editing a sent quote makes the next version', () => {
    renderEditor({ hasQuote: true, nextVersion: 3 });
    expect(
      screen.getByText(
        "Editing makes version 3; the customer's earlier link will show that the quote was updated.",
      ),
    ).toBeTruthy();
  });

  it('Preview saves what was typed first, so the preview is what Send Quote sends', async () => {
    const preview = {
      page: '<!doctype html><html><body><p>Total $395.00</p></body></html>',
      mail: {
        subject: 'Your quote from Sparkle Clean (CQ-ABC123)',
        text: 'Total: $395.00',
        html: '<p>$395.00</p>',
      },
    };
    answers = [() => json(201, { version: 1, status: 'draft' }), () => json(200, preview)];
    renderEditor();
    await act(async () => fireEvent.input(field(1, 'Unit price'), { target: { value: '275' } }));
    await press('Preview');
    const dialog = within(await screen.findByRole('dialog', { name: 'Preview' }));
    expect((dialog.getByTitle("The customer's quote page") as HTMLIFrameElement).getAttribute('srcdoc')).toBe(
      preview.page,
    );
    expect(sent.map((each) => `${each.method} ${each.path}`)).toEqual([
      'POST /api/contact/request-1/quote',
      'GET /api/contact/request-1/quote/preview',
    ]);
    expect(sent[0]?.body).toMatchObject({ lines: [{ unitPriceCents: 27500 }, { unitPriceCents: 6000 }] });
  });

  it('Preview stops at a line the server would refuse, asking the API nothing', async () => {
    renderEditor();
    await act(async () => fireEvent.input(field(2, 'Quantity'), { target: { value: '2.5' } }));
    await press('Preview');
    expect(screen.getByText('Line 2: the quantity is a whole number from 1 to 999')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toEqual([]);
  });
});
