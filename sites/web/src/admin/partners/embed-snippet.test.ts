import { describe, expect, it } from 'vitest';
import { embedSnippet, suggestedKey } from './embed-snippet.ts';

describe('the partner snippet', () => {
  it('loads the exact version with its integrity hash and carries the partner key', () => {
    const snippet = embedSnippet(
      {
        version: '1.2.3',
        url: 'https://clean.example/embed/1.2.3/cleanquote-wizard.js',
        integrity: 'sha384-abc',
      },
      'northside-support',
    );
    expect(snippet).toBe(
      '<script async src="https://clean.example/embed/1.2.3/cleanquote-wizard.js" integrity="sha384-abc" crossorigin="anonymous"></script>\n' +
        '<cleanquote-wizard partner-key="northside-support"></cleanquote-wizard>',
    );
  });

  it('suggests a key the API accepts from the partner name', () => {
    expect(suggestedKey('Northside Support Co.')).toBe('northside-support-co');
    expect(suggestedKey('  Café Agents & Co  ')).toBe('cafe-agents-co');
    expect(suggestedKey('x'.repeat(80))).toHaveLength(64);
    expect(suggestedKey('!!!')).toBe('');
  });
});
