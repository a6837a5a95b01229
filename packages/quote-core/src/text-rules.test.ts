import { describe, expect, it } from 'vitest';
import { emptyAnswers } from './quote-answers.ts';
import { checkStep, isBlank, quoteFieldRules } from './quote-rules.ts';
import { hasVisibleText, textProblem, trimText } from './text-rules.ts';

/** Text a screen shows as nothing (issue 10: each was stored as a name or address). */
const INVISIBLE_ONLY = [
  '\u0000',
  '\u200b',
  '\u00ad',
  '\u2800',
  '\u3164',
  '\u0007\u001b',
  ' \u200b\u00a0\ufeff ',
];

describe('text rules', () => {
  it('refuses lone surrogates, alone or beside other text, and accepts surrogate pairs', () => {
    for (const bad of ['\ud800', 'Jo\udfffhn', 'x\ud800@example.com', '\udc00\ud800']) {
      expect(textProblem(bad), JSON.stringify(bad)).toMatch(/can't read/);
    }
    expect(textProblem('Zoë 😀 Nguyễn')).toBeNull();
  });

  it('refuses control characters; multi-line text may hold line breaks and tabs', () => {
    for (const bad of ['Jo\u0000hn', 'a\u0007', '\u001b[31mred', 'x\u007f', 'c1\u0085']) {
      expect(textProblem(bad), JSON.stringify(bad)).toMatch(/control characters/);
    }
    expect(textProblem('line one\nline two')).toMatch(/control characters/);
    expect(textProblem('line one\r\n\tline two', { multiline: true })).toBeNull();
    expect(textProblem('null \u0000 inside', { multiline: true })).toMatch(/control characters/);
  });

  it('counts only visible characters, and trims invisible ones at the ends', () => {
    for (const blank of INVISIBLE_ONLY) expect(hasVisibleText(blank), JSON.stringify(blank)).toBe(false);
    expect(hasVisibleText('\u200bA')).toBe(true);
    expect(trimText('\u200b\u00a0 Jane Citizen \u00ad\ufeff')).toBe('Jane Citizen');
    // Inside the text, joiners keep an emoji sequence together.
    expect(trimText('👩\u200d🔧')).toBe('👩\u200d🔧');
  });
});

describe('the wizard and the server share them', () => {
  it('treats invisible-only answers as not given, so a required field stays required', () => {
    for (const blank of INVISIBLE_ONLY) {
      expect(isBlank(blank)).toBe(true);
      const errors = checkStep('contact-info', {
        ...emptyAnswers(),
        name: blank,
        phone: '0491 570 156',
        email: 'jane@example.com',
        address: blank,
      });
      expect(errors).toEqual({ name: 'Enter your full name', address: 'Enter the property address' });
    }
  });

  it("names the field whose text can't be stored", () => {
    expect(quoteFieldRules.name('\ud800').issues[0]?.message).toBe(
      "Your name contains a character we can't read. Please retype it",
    );
    expect(quoteFieldRules.address('1 Main St\u0000').issues[0]?.message).toBe(
      'The address must not contain control characters',
    );
    expect(quoteFieldRules.specialRequests('Please\nuse the side gate').issues).toEqual([]);
    expect(quoteFieldRules.name('\u200b Jane \u200b').value).toBe('Jane');
  });
});
