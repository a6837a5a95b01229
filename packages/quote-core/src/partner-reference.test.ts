import { describe, expect, it } from 'vitest';
import { PARTNER_REF_MAX_LENGTH, readPartnerRef } from './partner-reference.ts';

describe('readPartnerRef', () => {
  it('keeps a reference as the partner wrote it, trimmed of invisible characters at either end', () => {
    expect(readPartnerRef('case-123')).toEqual({ ok: true, partnerRef: 'case-123' });
    expect(readPartnerRef(' \u200bNDIS 4301-22 \ufeff')).toEqual({ ok: true, partnerRef: 'NDIS 4301-22' });
    expect(readPartnerRef('x'.repeat(PARTNER_REF_MAX_LENGTH))).toMatchObject({ ok: true });
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['invisible only', '\u200b\u2800\u3164'],
    ['one character too long', 'x'.repeat(PARTNER_REF_MAX_LENGTH + 1)],
  ])('refuses a reference that is %s, naming partnerRef and the rule', (_, value) => {
    expect(readPartnerRef(value)).toEqual({
      ok: false,
      message: 'partnerRef needs 1 to 100 visible characters',
    });
  });

  it('refuses line breaks, control characters, broken text and anything but text', () => {
    expect(readPartnerRef('case\n123')).toEqual({
      ok: false,
      message: 'partnerRef must not contain control characters',
    });
    expect(readPartnerRef('case-\ud800')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^partnerRef /),
    });
    for (const value of [123, null, ['case-123'], { id: 'case-123' }]) {
      expect(readPartnerRef(value)).toEqual({
        ok: false,
        message: 'partnerRef must be text of 1 to 100 visible characters',
      });
    }
  });
});
