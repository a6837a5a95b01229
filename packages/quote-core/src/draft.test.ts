import { describe, expect, it } from 'vitest';
import { parseQuoteDraft, sanitizeAnswers } from './draft.ts';
import { emptyAnswers } from './quote-answers.ts';
import { validAnswers } from './test-fixtures.ts';

const KEY = '3f0e2a56-1111-4222-8333-444455556666';

describe('parseQuoteDraft', () => {
  it('reads back a draft that went through JSON', () => {
    const answers = validAnswers('end-of-lease+carpet');
    const stored = JSON.parse(JSON.stringify({ version: 1, answers, stepIndex: 4, idempotencyKey: KEY }));
    expect(parseQuoteDraft(stored)).toEqual({ version: 1, answers, stepIndex: 4, idempotencyKey: KEY });
  });

  it('ignores anything that is not a draft of this version', () => {
    expect(parseQuoteDraft(undefined)).toBeUndefined();
    expect(parseQuoteDraft('{"version":1}')).toBeUndefined();
    expect(parseQuoteDraft({ version: 2, answers: {}, stepIndex: 0, idempotencyKey: KEY })).toBeUndefined();
  });

  it('repairs a bad step index and drops a bad key', () => {
    expect(parseQuoteDraft({ version: 1, answers: {}, stepIndex: -3, idempotencyKey: 'x' })).toMatchObject({
      stepIndex: 0,
      idempotencyKey: '',
    });
    expect(parseQuoteDraft({ version: 1, answers: {}, stepIndex: 'two' })?.stepIndex).toBe(0);
  });
});

describe('sanitizeAnswers', () => {
  it('gives empty answers for garbage', () => {
    expect(sanitizeAnswers(null)).toEqual(emptyAnswers());
    expect(sanitizeAnswers([1, 2])).toEqual(emptyAnswers());
  });

  it('drops values that are not offered choices, keeps half-typed text', () => {
    const answers = sanitizeAnswers({
      serviceType: 'spring-clean',
      bedrooms: '3',
      urgency: 42,
      email: 'alex@',
      cleaningFocus: ['rangehood', 'rangehood', 'jetpack'],
      termsAccepted: 'yes',
      caseManagerUpdates: 'true',
      admin: true,
    });
    expect(answers).toEqual({
      ...emptyAnswers(),
      bedrooms: '3',
      email: 'alex@',
      cleaningFocus: ['rangehood'],
    });
  });

  it('rebuilds carpet areas from the counters, clamped to each maximum', () => {
    const answers = sanitizeAnswers({
      carpetRoomCounts: { hallways: 9, bedrooms: 0, studies: 1.5, garage: 2, lounges: 1 },
      carpetAreas: ['garage', 'bedrooms'],
    });
    expect(answers.carpetRoomCounts).toEqual({ hallways: 5, lounges: 1 });
    expect(answers.carpetAreas).toEqual(['lounges', 'hallways']);
  });

  it("keeps a ticked case manager's updates box", () => {
    const answers = sanitizeAnswers({
      ...validAnswers('ndis-aged-care+case-manager'),
      caseManagerUpdates: true,
    });
    expect(answers.caseManagerUpdates).toBe(true);
  });

  it('cuts text at its limit', () => {
    expect(sanitizeAnswers({ specialRequests: 'x'.repeat(6000) }).specialRequests).toHaveLength(5000);
  });

  it('drops a window cleaning type stored for a property-size flow', () => {
    expect(
      sanitizeAnswers({ serviceType: 'deep-clean', propertyType: 'both-sides' }).propertyType,
    ).toBeUndefined();
  });
});
