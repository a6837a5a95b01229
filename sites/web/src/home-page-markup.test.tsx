import { readFileSync } from 'node:fs';
import { HtmlValidate } from 'html-validate';
import { describe, expect, it } from 'vitest';
import { render } from './entry-server.tsx';

/**
 * The home page as the site's server sends it: the server entry's render filled into the page
 * template at its two placeholders (api/src/site/site.ts does the same with the built template).
 */
function servedDocument(url: string): string {
  const template = readFileSync(new URL('../index.html', import.meta.url), 'utf8');
  const page = render(url, { publicUrl: 'https://clean.example' });
  return template.replace('<!--app-head-->', () => page.head).replace('<!--app-html-->', () => page.html);
}

/*
 * The standard preset: the rules on conformance to the HTML standard and on accessibility, with no
 * rule turned off. The recommended preset adds house-style rules (uppercase DOCTYPE, `<img>` rather
 * than `<img/>`, lower-case attribute names, no style attributes) that judge how React writes valid
 * markup, not whether it is valid.
 */
const validator = new HtmlValidate({ extends: ['html-validate:standard'] });

describe('the home page markup', () => {
  it('is valid HTML: html-validate finds no error in it', async () => {
    const report = await validator.validateString(servedDocument('/'), 'home.html');
    const problems = report.results.flatMap((result) =>
      result.messages.map((message) => `${message.ruleId} (line ${message.line}): ${message.message}`),
    );
    expect(problems).toEqual([]);
  });
});
