import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildShadowCss, remToPx, shadowCssProblems } from './shadow-css.ts';

const wizardCss = readFileSync(
  fileURLToPath(import.meta.resolve('@cleanquote/quote-wizard/style.css')),
  'utf8',
);
const embedCss = readFileSync(new URL('./embed.css', import.meta.url), 'utf8');

describe('the shadow stylesheet', () => {
  it('is what the build ships: scoped, in px, without document-wide at-rules', () => {
    const css = buildShadowCss(wizardCss, embedCss);
    expect(shadowCssProblems(css)).toEqual([]);
    expect(css).not.toMatch(/\drem\b/);
    expect(css).toContain(':host{all:initial;display:block}');
    expect(css.length).toBeLessThan(wizardCss.length);
  });

  it('turns rem lengths into px at 16 px, so the host root font size scales nothing', () => {
    expect(remToPx('margin:0 0 0.25rem;padding:clamp(1rem, 4vw, 2rem);width:.5rem')).toBe(
      'margin:0 0 4px;padding:clamp(16px, 4vw, 32px);width:8px',
    );
  });

  it('fails on a selector that is not scoped to the element', () => {
    for (const selector of [
      '* ',
      'body',
      'html .cq-wizard',
      ':root',
      'button',
      '.cq-wizardry',
      '.cq-embed__x',
    ]) {
      expect(shadowCssProblems(`${selector}{color:red}`), selector).toEqual([
        expect.stringContaining(`unscoped selector "${selector.trim()}"`),
      ]);
    }
    expect(shadowCssProblems('.cq-wizard .a,p{color:red}')).toHaveLength(1);
    expect(shadowCssProblems('@media (min-width:1px){div{color:red}}')).toHaveLength(1);
  });

  it('fails on rem, @font-face, @property and @import', () => {
    expect(shadowCssProblems('.cq-wizard{margin:1rem}')).toEqual([expect.stringContaining('rem units')]);
    expect(shadowCssProblems('@font-face{font-family:x;src:url(x.woff2)}')).toEqual([
      '@font-face is not allowed in the shadow stylesheet',
    ]);
    expect(shadowCssProblems('@property --x{syntax:"<length>";inherits:true;initial-value:0px}')).toEqual([
      '@property is not allowed in the shadow stylesheet',
    ]);
    expect(shadowCssProblems('@import url(x.css);.cq-wizard{color:red}')).toEqual([
      '@import is not allowed in the shadow stylesheet',
    ]);
  });

  it('accepts scoped rules inside media queries', () => {
    expect(
      shadowCssProblems(
        ':host([hidden]){display:none}@media (prefers-color-scheme:dark){.cq-wizard{color:red}}',
      ),
    ).toEqual([]);
  });
});
