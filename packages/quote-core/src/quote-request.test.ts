import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { quoteRequestSchema } from './quote-request.ts';
import { requestFromAnswers, toFieldErrors } from './quote-request-rules.ts';
import { quoteFieldRules, toSubmission } from './quote-rules.ts';
import { parseQuoteRequest } from './server.ts';
import { FLOW_NAMES, type FlowName, validAnswers } from './test-fixtures.ts';

/** The body the widget would send for a flow, with overrides applied on top. */
function body(flow: FlowName, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...toSubmission(validAnswers(flow)), ...overrides };
}

function errorsOf(value: unknown): Record<string, string> {
  const result = quoteRequestSchema.safeParse(value);
  expect(result.success).toBe(false);
  return result.success ? {} : { ...toFieldErrors(result.error) };
}

describe('quoteRequestSchema: valid bodies', () => {
  it.each(FLOW_NAMES)('accepts a complete %s request', (flow) => {
    const result = quoteRequestSchema.safeParse(body(flow));
    expect(result.error?.issues).toBeUndefined();
    expect(result.data?.serviceType).toBe(validAnswers(flow).serviceType);
  });

  it('uses the option ids as strings and counts as numbers', () => {
    const request = quoteRequestSchema.parse(body('end-of-lease+carpet'));
    expect(request).toMatchObject({
      bedrooms: '2',
      bathrooms: '1',
      carpetNeeded: 'yes',
      urgency: 'this-week',
      carpetRoomCounts: { bedrooms: 2, hallways: 1 },
    });
  });

  it('trims text and strips unknown keys', () => {
    const request = quoteRequestSchema.parse(body('regular-clean', { name: '  Alex  ', isAdmin: true }));
    expect(request.name).toBe('Alex');
    expect(request).not.toHaveProperty('isAdmin');
  });

  it('accepts every room at its maximum', () => {
    const counts = {
      bedrooms: 6,
      'living-rooms': 4,
      'dining-rooms': 3,
      studies: 3,
      lounges: 3,
      hallways: 5,
      staircases: 3,
      'other-rooms': 5,
    };
    expect(
      quoteRequestSchema.safeParse(
        body('carpet-clean', { carpetAreas: Object.keys(counts), carpetRoomCounts: counts }),
      ).success,
    ).toBe(true);
  });

  it('accepts window panels at both limits', () => {
    expect(quoteRequestSchema.safeParse(body('window-clean', { windowPanels: 1 })).success).toBe(true);
    expect(quoteRequestSchema.safeParse(body('window-clean', { windowPanels: 500 })).success).toBe(true);
  });
});

describe('quoteRequestSchema: invalid bodies name the bad field', () => {
  it('refuses an unknown service', () => {
    expect(errorsOf(body('regular-clean', { serviceType: 'spring-clean' }))).toEqual({
      serviceType: 'Not one of the offered choices',
    });
  });

  it('refuses wrong enum values', () => {
    expect(Object.keys(errorsOf(body('regular-clean', { bedrooms: '6', urgency: 'yesterday' })))).toEqual([
      'bedrooms',
      'urgency',
    ]);
    expect(Object.keys(errorsOf(body('oven-clean', { ovenType: '120cm-oven' })))).toEqual(['ovenType']);
    expect(Object.keys(errorsOf(body('window-clean', { windowScope: ['roof'] })))).toEqual(['windowScope.0']);
  });

  it('refuses carpet counts above the maximum and unknown room kinds', () => {
    expect(errorsOf(body('carpet-clean', { carpetRoomCounts: { 'living-rooms': 5 } }))).toEqual({
      'carpetRoomCounts.living-rooms': 'Living Rooms: at most 4',
    });
    expect(Object.keys(errorsOf(body('carpet-clean', { carpetRoomCounts: { garage: 1 } })))).toEqual([
      'carpetRoomCounts',
    ]);
    expect(Object.keys(errorsOf(body('carpet-clean', { carpetRoomCounts: { bedrooms: -1 } })))).toEqual([
      'carpetRoomCounts.bedrooms',
    ]);
  });

  it('refuses 0 and 501 window panels', () => {
    expect(errorsOf(body('window-clean', { windowPanels: 0 }))).toEqual({
      windowPanels: 'Enter at least 1 window panel',
    });
    expect(Object.keys(errorsOf(body('window-clean', { windowPanels: 501 })))).toEqual(['windowPanels']);
    expect(Object.keys(errorsOf(body('window-clean', { windowPanels: '12' })))).toEqual(['windowPanels']);
  });

  it('requires every contact field, and refuses blank ones', () => {
    const { name: _n, email: _e, ...withoutNameAndEmail } = body('regular-clean');
    expect(errorsOf({ ...withoutNameAndEmail, phone: '   ', address: '' })).toEqual({
      name: 'Enter your full name',
      email: 'Enter your email address',
      phone: 'Enter your phone number',
      address: 'Enter the property address',
    });
  });

  it('refuses termsAccepted false or missing', () => {
    expect(errorsOf(body('regular-clean', { termsAccepted: false }))).toEqual({
      termsAccepted: 'Please agree to the terms and privacy policy',
    });
    const { termsAccepted: _t, ...withoutTerms } = body('regular-clean');
    expect(Object.keys(errorsOf(withoutTerms))).toEqual(['termsAccepted']);
  });

  it.each([
    ['regular-clean', 'bedrooms'],
    ['deep-clean', 'bathrooms'],
    ['end-of-lease', 'bedrooms'],
    ['end-of-lease', 'carpetNeeded'],
    ['oven-clean', 'ovenType'],
    ['window-clean', 'windowPanels'],
    ['carpet-clean', 'carpetAreas'],
    ['end-of-lease+carpet', 'carpetAreas'],
    ['ndis-aged-care', 'ndisClientType'],
    ['ndis-aged-care+case-manager', 'caseManagerName'],
    ['ndis-aged-care+case-manager', 'caseManagerPhone'],
    ['ndis-aged-care+case-manager', 'caseManagerEmail'],
    ['regular-clean', 'urgency'],
  ] as const)('a %s request without %s is refused', (flow, field) => {
    const { [field]: _removed, ...rest } = body(flow);
    expect(Object.keys(errorsOf(rest))).toEqual([field]);
  });

  it('does not require fields of other flows or optional ones', () => {
    const { caseManagerOrganization: _o, ...rest } = body('ndis-aged-care+case-manager');
    expect(quoteRequestSchema.safeParse(rest).success).toBe(true);
    const { propertyType: _p, ...noPropertyType } = body('regular-clean');
    expect(quoteRequestSchema.safeParse(noPropertyType).success).toBe(true);
  });

  it("takes caseManagerUpdates as a boolean, true only with a case manager's booking and email", () => {
    expect(
      quoteRequestSchema.parse(body('ndis-aged-care+case-manager', { caseManagerUpdates: true })),
    ).toMatchObject({ caseManagerEmail: 'sam@support.example.org', caseManagerUpdates: true });
    expect(
      quoteRequestSchema.parse(body('ndis-aged-care+case-manager', { caseManagerUpdates: false }))
        .caseManagerUpdates,
    ).toBe(false);
    expect(errorsOf(body('ndis-aged-care+case-manager', { caseManagerUpdates: 'yes' }))).toEqual({
      caseManagerUpdates: 'Not one of the offered choices',
    });
    const needsEmail = {
      caseManagerUpdates: "Updates go to a case manager: choose 'Case manager' and enter their email",
    };
    expect(errorsOf(body('ndis-aged-care', { caseManagerUpdates: true }))).toEqual(needsEmail);
    expect(
      errorsOf(
        body('regular-clean', { caseManagerUpdates: true, caseManagerEmail: 'sam@support.example.org' }),
      ),
    ).toEqual(needsEmail);
    // Without the email the step asks for, the email is what is missing.
    const { caseManagerEmail: _email, ...noEmail } = body('ndis-aged-care+case-manager', {
      caseManagerUpdates: true,
    });
    expect(errorsOf(noEmail)).toEqual({ caseManagerEmail: "Enter the case manager's email address" });
    // Unticked is the same as not asked, in any flow.
    expect(quoteRequestSchema.safeParse(body('regular-clean', { caseManagerUpdates: false })).success).toBe(
      true,
    );
  });

  it('does not require carpet rooms for end of lease with carpet answer no', () => {
    expect(quoteRequestSchema.safeParse(body('end-of-lease', { carpetNeeded: 'no' })).success).toBe(true);
  });

  it('refuses a property type as window cleaning type and the reverse', () => {
    expect(Object.keys(errorsOf(body('window-clean', { propertyType: 'apartment' })))).toEqual([
      'propertyType',
    ]);
    expect(Object.keys(errorsOf(body('regular-clean', { propertyType: 'both-sides' })))).toEqual([
      'propertyType',
    ]);
  });

  it('refuses overlong text', () => {
    expect(Object.keys(errorsOf(body('regular-clean', { name: 'x'.repeat(201) })))).toEqual(['name']);
    expect(errorsOf(body('regular-clean', { specialRequests: 'x'.repeat(5001) }))).toEqual({
      specialRequests: 'Special requests must be at most 5000 characters',
    });
  });

  it('reports every bad field at once, type errors and missing fields alike', () => {
    const { phone: _p, ...rest } = body('oven-clean');
    expect(Object.keys(errorsOf({ ...rest, name: 42, ovenType: undefined, email: 'nope' })).sort()).toEqual(
      ['email', 'name', 'ovenType', 'phone'].sort(),
    );
  });

  it('names the body itself when it is not an object', () => {
    expect(Object.keys(errorsOf('hello'))).toEqual(['request']);
    expect(Object.keys(errorsOf(null))).toEqual(['request']);
  });
});

describe('toFieldErrors', () => {
  it('keeps the first message per field and dots nested paths', () => {
    expect(
      toFieldErrors({
        issues: [
          { path: ['name'], message: 'first' },
          { path: ['name'], message: 'second' },
          { path: ['carpetRoomCounts', 'bedrooms'], message: 'too many' },
          { path: [], message: 'not an object' },
        ],
      }),
    ).toEqual({ name: 'first', 'carpetRoomCounts.bedrooms': 'too many', request: 'not an object' });
  });
});

describe('choices given by their labels instead of ids', () => {
  it('are understood and stored as ids', () => {
    const result = quoteRequestSchema.safeParse({
      ...body('oven-clean'),
      cleaningFocus: ['Double oven', 'glass door cleaning'],
      howFoundUs: 'Friend recommendation',
    });
    expect(result.success && result.data.cleaningFocus).toEqual(['double-oven', 'glass-door']);
    expect(result.success && result.data.howFoundUs).toBe('friend-recommendation');
  });

  it('still refuse wording that is not offered', () => {
    const result = quoteRequestSchema.safeParse({ ...body('oven-clean'), howFoundUs: 'Carrier pigeon' });
    expect(result.success).toBe(false);
  });

  it('are for other senders: the rules the wizard runs take ids only', () => {
    expect(quoteFieldRules.howFoundUs('Friend recommendation').issues).not.toEqual([]);
    expect(quoteFieldRules.cleaningFocus(['Double oven']).issues).not.toEqual([]);
    expect(quoteFieldRules.howFoundUs('friend-recommendation').issues).toEqual([]);
  });
});

describe("requestFromAnswers (the wizard's own request)", () => {
  it.each(FLOW_NAMES)('is what the server makes of the %s body it is built from', (flow) => {
    const answers = validAnswers(flow, { name: '  Alex  ', specialRequests: ' Gate code 12 ' });
    const request = requestFromAnswers(answers);
    expect(request).toEqual(quoteRequestSchema.parse(toSubmission(answers)));
    expect(request?.name).toBe('Alex');
  });

  it('is undefined when a submitted value breaks its rule', () => {
    expect(requestFromAnswers(validAnswers('regular-clean', { email: 'nope' }))).toBeUndefined();
  });
});

describe("parseQuoteRequest (the server's plain parser, zod-free)", () => {
  it.each(FLOW_NAMES)('returns the same data as the schema for a %s request', (flow) => {
    const result = parseQuoteRequest(body(flow, { name: '  Alex  ', extra: 1 }));
    expect(result).toEqual({
      success: true,
      data: quoteRequestSchema.parse(body(flow, { name: '  Alex  ' })),
    });
  });

  it('names the same fields with the same messages as the schema', () => {
    const bad = {
      ...body('window-clean'),
      windowPanels: 0,
      email: 'nope',
      windowScope: ['roof'],
      urgency: undefined,
    };
    const result = parseQuoteRequest(bad);
    expect(result.success).toBe(false);
    expect(result.success ? {} : toFieldErrors(result)).toEqual(errorsOf(bad));
    expect(parseQuoteRequest('hello')).toEqual({
      success: false,
      issues: [{ path: [], message: 'Invalid input' }],
    });
  });
});

describe('the browser side carries no zod', () => {
  it('no module the machine imports (directly or not) imports zod', () => {
    const here = dirname(fileURLToPath(import.meta.url));
    const seen = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = readFileSync(join(here, file), 'utf8');
      expect(source, file).not.toMatch(/from ['"]zod/);
      for (const [, imported] of source.matchAll(/^import (?!type )[^;]*?from '\.\/([\w-]+\.ts)'/gms)) {
        visit(imported as string);
      }
    };
    visit('quote-wizard-machine.ts');
    expect(seen).toContain('quote-request-rules.ts');
    expect(seen).toContain('quote-options.ts');
    expect(seen).not.toContain('quote-request.ts');
  });

  it('the main entry never reaches the server entry (parser for other senders, choice wording)', () => {
    const here = dirname(fileURLToPath(import.meta.url));
    const seen = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = readFileSync(join(here, file), 'utf8');
      for (const [, imported] of source.matchAll(
        /^(?:import|export) (?!type )[^;]*?from '\.\/([\w-]+\.ts)'/gms,
      )) {
        visit(imported as string);
      }
    };
    visit('index.ts');
    expect(seen).toContain('quote-wizard-machine.ts');
    expect(seen).not.toContain('server.ts');
    expect(seen).not.toContain('quote-request.ts');
  });
});
