import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** Every selector of a stylesheet, with the at-rules it sits in (a small parser: no strings contain braces). */
function selectorsOf(css: string, context: string[] = []): { selector: string; context: string[] }[] {
  const found: { selector: string; context: string[] }[] = [];
  let index = 0;
  while (index < css.length) {
    const open = css.indexOf('{', index);
    if (open === -1) break;
    const prelude = css.slice(index, open).trim();
    let depth = 1;
    let close = open + 1;
    while (close < css.length && depth > 0) {
      if (css[close] === '{') depth += 1;
      if (css[close] === '}') depth -= 1;
      close += 1;
    }
    const body = css.slice(open + 1, close - 1);
    if (prelude.startsWith('@')) {
      found.push(...selectorsOf(body, [...context, prelude]));
    } else {
      for (const selector of prelude.split(',')) found.push({ selector: selector.trim(), context });
    }
    index = close;
  }
  return found;
}

const css = readFileSync(new URL('./quote-wizard.css', import.meta.url), 'utf8').replace(
  /\/\*[\s\S]*?\*\//g,
  '',
);

describe('the wizard stylesheet', () => {
  const selectors = selectorsOf(css);

  it('has rules', () => {
    expect(selectors.length).toBeGreaterThan(50);
  });

  it('scopes every selector under .cq-wizard, so nothing leaks into the host page', () => {
    const unscoped = selectors.filter(({ selector }) => !/^\.cq-wizard(?![\w-])/.test(selector));
    expect(unscoped).toEqual([]);
  });

  it('uses only media queries as at-rules (no @import, @font-face or global keyframes)', () => {
    const atRules = new Set(selectors.flatMap(({ context }) => context.map((rule) => rule.split(/\s/)[0])));
    expect([...atRules].every((rule) => rule === '@media')).toBe(true);
    expect(css).not.toMatch(/@import|@font-face|@keyframes/);
  });

  it('is themable: colours come from --cq-* custom properties', () => {
    const declarations = css.match(/(?<![-\w])(color|background|border-color)\s*:[^;]+;/g) ?? [];
    const literal = declarations.filter((declaration) => /#[0-9a-f]{3,8}\b/i.test(declaration));
    expect(literal).toEqual([]);
  });
});
