/**
 * The shadow root's stylesheet, made at build time from the wizard's own stylesheet
 * (@cleanquote/quote-wizard/style.css) and the element's rules (embed.css), and the check that fails
 * the build when it could touch the host page or be touched by it:
 * - every selector starts with `:host`, `.cq-embed` or `.cq-wizard` (no `*`, `html`, `body`, `:root`…);
 * - no `rem` (the host's root font size must not scale the widget): the wizard's rem lengths become px;
 * - no `@font-face`, `@property`, `@import` (they act on the whole document); at-rules are limited to
 *   conditional ones (`@media`, `@supports`, `@container`).
 */

/** Selectors must start with one of these. */
export const SHADOW_SCOPES = [':host', '.cq-embed', '.cq-wizard'] as const;

/** The root font size the wizard's stylesheet was written against. */
const REM_PX = 16;

const CONDITIONAL_AT_RULES = new Set(['@media', '@supports', '@container']);

function stripComments(css: string): string {
  return css.replace(/\/\*[\s\S]*?\*\//g, '');
}

/** `1.5rem` → `24px`, everywhere (the stylesheet has no strings containing "rem"). */
export function remToPx(css: string): string {
  return css.replace(/(-?(?:\d+\.?\d*|\.\d+))rem\b/g, (_, value: string) => {
    const px = Math.round(Number.parseFloat(value) * REM_PX * 100) / 100;
    return `${px}px`;
  });
}

/** Comments and insignificant whitespace out (the sheet ships inside the script; gzip does the rest). */
export function minifyCss(css: string): string {
  return stripComments(css)
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .replace(/:\s+/g, ':')
    .replace(/;}/g, '}')
    .trim();
}

interface CssRule {
  readonly prelude: string;
  readonly atRules: readonly string[];
}

/** Every rule's prelude with the at-rules around it (a small parser: no strings contain braces). */
function rulesOf(css: string, atRules: readonly string[] = []): CssRule[] {
  const rules: CssRule[] = [];
  let index = 0;
  while (index < css.length) {
    const open = css.indexOf('{', index);
    const semicolon = css.indexOf(';', index);
    // A statement at-rule (`@import url(x);`) has no block.
    if (semicolon !== -1 && (open === -1 || semicolon < open)) {
      const statement = css.slice(index, semicolon).trim();
      if (statement.startsWith('@')) rules.push({ prelude: statement, atRules });
      index = semicolon + 1;
      continue;
    }
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
    rules.push({ prelude, atRules });
    if (prelude.startsWith('@') && CONDITIONAL_AT_RULES.has(prelude.split(/[\s(]/)[0] ?? '')) {
      rules.push(...rulesOf(body, [...atRules, prelude]));
    }
    index = close;
  }
  return rules;
}

function scoped(selector: string): boolean {
  return SHADOW_SCOPES.some(
    (scope) => selector.startsWith(scope) && !/[\w-]/.test(selector.charAt(scope.length)),
  );
}

/**
 * What is wrong with a shadow stylesheet, one line each; empty when it is fine. The build fails on
 * any line.
 */
export function shadowCssProblems(css: string): string[] {
  const text = stripComments(css);
  const problems: string[] = [];
  for (const { prelude } of rulesOf(text)) {
    if (prelude.startsWith('@')) {
      const name = prelude.split(/[\s(;]/)[0] ?? prelude;
      if (!CONDITIONAL_AT_RULES.has(name)) problems.push(`${name} is not allowed in the shadow stylesheet`);
      continue;
    }
    for (const selector of prelude.split(',').map((part) => part.trim())) {
      if (!scoped(selector)) {
        problems.push(`unscoped selector "${selector}" (start it with ${SHADOW_SCOPES.join(', ')})`);
      }
    }
  }
  const rem = text.match(/[\d.]rem\b[^;{}]*/g);
  if (rem)
    problems.push(`rem units (${rem.slice(0, 3).join(' | ')}): the host's root font size would scale them`);
  return problems;
}

/** The shadow root's stylesheet: the wizard's, in px, then the element's own rules; minified. */
export function buildShadowCss(wizardCss: string, embedCss: string): string {
  return minifyCss(`${remToPx(wizardCss)}\n${remToPx(embedCss)}`);
}
