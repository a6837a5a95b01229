import { formatAud, quoteDraft } from '@cleanquote/quote-core/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdmin, signIn } from '../../../../../api/src/test-support/sign-in.ts';
import { createTestApp } from '../../../../../api/src/test-support/test-app.ts';
import {
  EMPTY_LINE,
  editorFieldOf,
  editorTotals,
  type QuoteDraftForm,
  quoteDraftFormValues,
  quoteDraftResolver,
  serverPathOf,
} from './quote-draft-form.ts';

const options = { fields: {}, shouldUseNativeValidation: false } as const;

const form = (
  lines: QuoteDraftForm['lines'],
  note = '',
  durationMinutes = '240',
  frequency: QuoteDraftForm['frequency'] = 'once',
): QuoteDraftForm => ({ lines, note, durationMinutes, frequency });
const clean = { description: 'End of Lease Cleaning', quantity: '1', unitPrice: '250.00' };

/** The server schema's message at `path` for the body the editor would send. */
function serverMessage(body: unknown, path: string): string | undefined {
  return quoteDraft.safeParse(body).error?.issues.find((issue) => issue.path.join('.') === path)?.message;
}

describe('the quote editor', () => {
  it('starts from lines in cents, each price as dollars, and the time in minutes', () => {
    expect(
      quoteDraftFormValues(
        [{ description: 'Bedrooms', quantity: 3, unitPriceCents: 6000 }],
        'Keys at the office',
        375,
      ),
    ).toEqual({
      lines: [{ description: 'Bedrooms', quantity: '3', unitPrice: '60.00' }],
      note: 'Keys at the office',
      durationMinutes: '375',
      frequency: 'once',
    });
    expect(quoteDraftFormValues([]).durationMinutes).toBe('');
    expect(quoteDraftFormValues([], '', 120, 'fortnightly').frequency).toBe('fortnightly');
  });

  it('sends whole cents and numbers, texts trimmed', async () => {
    const result = await quoteDraftResolver(
      form([clean, { description: ' Bedrooms ', quantity: '3', unitPrice: '$60.5' }], ' Thanks! '),
      undefined,
      options,
    );
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({
      lines: [
        { description: 'End of Lease Cleaning', quantity: 1, unitPriceCents: 25000 },
        { description: 'Bedrooms', quantity: 3, unitPriceCents: 6050 },
      ],
      note: 'Thanks!',
      durationMinutes: 240,
      frequency: 'once',
    });
    const weekly = await quoteDraftResolver(form([clean], '', '240', 'weekly'), undefined, options);
    expect(weekly.values).toMatchObject({ frequency: 'weekly' });
  });

  it('refuses an estimated time that is not whole minutes from 15 to 720, in the server’s words', async () => {
    for (const typed of ['', '10', '721', '90.5', 'four hours']) {
      const result = await quoteDraftResolver(form([clean], '', typed), undefined, options);
      expect(result.errors.durationMinutes?.message, typed).toBe(
        serverMessage(
          { lines: [{ description: 'x', quantity: 1, unitPriceCents: 1 }], durationMinutes: 10 },
          'durationMinutes',
        ),
      );
    }
    expect((await quoteDraftResolver(form([clean], '', ' 720 '), undefined, options)).errors).toEqual({});
  });

  it('shows the server’s message at the line’s field, numbered from 1', async () => {
    const result = await quoteDraftResolver(
      form([clean, { description: 'Bedrooms', quantity: '2.5', unitPrice: '12.345' }]),
      undefined,
      options,
    );
    const line = result.errors.lines?.[1];
    expect(line?.quantity?.message).toBe('Line 2: the quantity is a whole number from 1 to 999');
    expect(line?.quantity?.message).toBe(
      serverMessage(
        { lines: [clean, { description: 'Bedrooms', quantity: 2.5, unitPriceCents: 1 }] },
        'lines.1.quantity',
      ),
    );
    expect(line?.unitPrice?.message).toBe('Line 2: the unit price is in whole cents (no fraction of a cent)');
    expect(line?.unitPrice?.message).toBe(
      serverMessage(
        { lines: [clean, { description: 'Bedrooms', quantity: 1, unitPriceCents: 1234.5 }] },
        'lines.1.unitPriceCents',
      ),
    );
    expect(result.errors.lines?.[0]).toBeUndefined();
  });

  it('names an empty description, a negative price and a price that is no number', async () => {
    const result = await quoteDraftResolver(
      form([
        { ...EMPTY_LINE, unitPrice: '-5' },
        { description: 'Oven', quantity: 'two', unitPrice: 'lots' },
      ]),
      undefined,
      options,
    );
    expect(result.errors.lines?.[0]?.description?.message).toMatch(/^Line 1: /);
    expect(result.errors.lines?.[0]?.unitPrice?.message).toBe('Line 1: the unit price can’t be negative');
    expect(result.errors.lines?.[1]?.quantity?.message).toBe(
      'Line 2: the quantity is a whole number from 1 to 999',
    );
    expect(result.errors.lines?.[1]?.unitPrice?.message).toBe(
      'Line 2: the unit price is an amount from $0.00 to $100,000.00',
    );
  });

  it('asks for a line when there is none', async () => {
    const result = await quoteDraftResolver(form([]), undefined, options);
    expect(result.errors.lines?.root?.message).toBe('Add at least one line');
  });

  it('maps the server’s field names onto its own', () => {
    expect(editorFieldOf('lines.2.unitPriceCents')).toBe('lines.2.unitPrice');
    expect(editorFieldOf('lines.0.quantity')).toBe('lines.0.quantity');
    expect(editorFieldOf('note')).toBe('note');
  });

  it('names its own fields as the server does', () => {
    expect(serverPathOf('lines.2.unitPrice')).toBe('lines.2.unitPriceCents');
    expect(serverPathOf('lines.0.quantity')).toBe('lines.0.quantity');
    expect(serverPathOf('note')).toBe('note');
  });
});

describe('the editor’s live totals', () => {
  it('adds the lines and includes GST as the total ÷ 11, rounded once', () => {
    const { lineTotals, totals } = editorTotals(
      [
        clean,
        { description: 'Bedrooms', quantity: '3', unitPrice: '60' },
        { description: 'x', quantity: '1', unitPrice: '0.05' },
      ],
      true,
    );
    expect(lineTotals).toEqual([25000, 18000, 5]);
    expect(formatAud(totals.totalCents)).toBe('$430.05');
    expect(totals.gstCents).toBe(3910); // 43005 ÷ 11 = 3909.5…
  });

  it('takes a regular clean’s discount off the lines, rounded once, with GST on the total per visit', () => {
    // $430.05 less 15% ($64.5075 → $64.51) is $365.54; GST $33.23 (33.2309…).
    const { totals } = editorTotals(
      [
        clean,
        { description: 'Bedrooms', quantity: '3', unitPrice: '60' },
        { description: 'x', quantity: '1', unitPrice: '0.05' },
      ],
      true,
      15,
    );
    expect(totals).toMatchObject({
      subtotalCents: 43005,
      discountPercent: 15,
      discountCents: 6451,
      totalCents: 36554,
      gstCents: 3323,
    });
  });

  it('leaves out a line it can’t read yet, and GST when the business is not registered', () => {
    const { lineTotals, totals } = editorTotals(
      [
        clean,
        { description: 'Bedrooms', quantity: '', unitPrice: '60' },
        { description: 'Oven', quantity: '1', unitPrice: '-5' },
      ],
      false,
    );
    expect(lineTotals).toEqual([25000, null, null]);
    expect(totals.totalCents).toBe(25000);
    expect(totals.gstCents).toBe(0);
  });
});

describe('the quote editor’s messages are the server’s', () => {
  let context: Awaited<ReturnType<typeof createTestApp>>;
  let cookie: string;
  beforeAll(async () => {
    context = await createTestApp();
    await createTestAdmin(context.database);
    cookie = await signIn(context.app);
  });
  afterAll(() => context.close());

  it('for a fraction of a quantity and of a cent, on line 2', async () => {
    const browser = await quoteDraftResolver(
      form([clean, { description: 'Bedrooms', quantity: '2.5', unitPrice: '12.345' }]),
      undefined,
      options,
    );
    // Checked before the request is looked up: any id answers the body's 400.
    const response = await context.app.request('/api/contact/any-request/quote', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({
        lines: [
          { description: 'End of Lease Cleaning', quantity: 1, unitPriceCents: 25000 },
          { description: 'Bedrooms', quantity: 2.5, unitPriceCents: 1234.5 },
        ],
        note: '',
      }),
    });
    expect(response.status).toBe(400);
    const { fields } = (await response.json()) as { fields: Record<string, string> };
    expect(browser.errors.lines?.[1]?.quantity?.message).toBe(fields['lines.1.quantity']);
    expect(browser.errors.lines?.[1]?.unitPrice?.message).toBe(fields['lines.1.unitPriceCents']);
    expect(Object.keys(fields).sort()).toEqual(['lines.1.quantity', 'lines.1.unitPriceCents']);
  });
});
