import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyAnswers } from './quote-answers.ts';
import { checkStep, isBlank, quoteFieldRules } from './quote-rules.ts';
import { hasVisibleText, textProblem, trimText } from './text-rules.ts';

/** Text a screen shows as nothing (each was stored as a name or address). */
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

/**
 * Characters a screen draws as nothing on their own: default-ignorable code points (the combining
 * grapheme joiner, variation selectors, Khmer and Mongolian fillers and selectors, tag characters…),
 * combining marks with no letter to sit on, whitespace, format and control characters.
 */
const SHOWS_NOTHING_ALONE = [
  '\u034f',
  '\ufe0f',
  '\u{e0100}',
  '\u17b4',
  '\u180b',
  '\u0301',
  '\u20e3',
  '\u{e0041}',
  '\u115f',
  '\u200d',
  '\u2060',
  '\u3000',
  '\u00a0',
  '\u0009',
  '\u000a',
] as const;

/** Strings made only of characters that show nothing (at least one of them). */
const nothingVisible = fc
  .array(fc.constantFrom(...SHOWS_NOTHING_ALONE), { minLength: 1, maxLength: 12 })
  .map((parts) => parts.join(''));

/** A character that shows: a letter, digit or symbol from several scripts, or an emoji. */
const visibleCharacter = fc.constantFrom('J', 'é', 'ß', 'Ж', 'م', '中', 'ก', '7', '@', '😀', '❤');

describe('required text needs a visible character (property)', () => {
  it('text made only of invisible characters, ignorables and lone marks shows nothing and is stored as nothing', () => {
    fc.assert(
      fc.property(nothingVisible, (value) => {
        expect(hasVisibleText(value)).toBe(false);
        expect(isBlank(value)).toBe(true);
        expect(trimText(value)).toBe('');
      }),
    );
  });

  it('one visible character among them is enough, and it is kept with its marks and selectors', () => {
    fc.assert(
      fc.property(nothingVisible, visibleCharacter, nothingVisible, (before, visible, after) => {
        const value = `${before}${visible}${after}`;
        expect(hasVisibleText(value)).toBe(true);
        expect(isBlank(value)).toBe(false);
        expect(trimText(value)).toContain(visible);
      }),
    );
    // A variation selector or accent after the letter belongs to it.
    expect(trimText('❤\ufe0f')).toBe('❤\ufe0f');
    expect(trimText('Jose\u0301')).toBe('Jose\u0301');
  });

  it('the wizard and the server give the required message for each such name', () => {
    fc.assert(
      fc.property(nothingVisible, (name) => {
        const errors = checkStep('contact-info', {
          ...emptyAnswers(),
          name,
          phone: '0491 570 156',
          email: 'jane@example.com',
          address: '1 Main St, Fitzroy VIC',
        });
        expect(errors).toEqual({ name: 'Enter your full name' });
      }),
    );
  });
});
