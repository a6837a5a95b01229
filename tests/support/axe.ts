import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** axe-core's browser script: the very copy @axe-core/playwright injects. */
const axeSource: string = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))(
  'axe-core',
).source;

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/**
 * Runs axe in a page without frames, injecting it once per document. AxeBuilder injects axe again on
 * every check and gathers its results in a new blank page, about 0.5 s a check here; the wizard's
 * flows check every step, so that was most of their time. Same rules, same results.
 */
async function runInPage(page: Page, include: string | undefined): Promise<Pick<AxeResults, 'violations'>> {
  const injected = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!injected) await page.evaluate(axeSource);
  // Only the violations cross back to the test: the passes and inapplicable rules, with every node's
  // HTML, made a large result to build in the page and copy to the test on every check.
  return page.evaluate(async (include) => {
    const { axe } = window as unknown as {
      axe: { run(context: unknown, options: { resultTypes: string[] }): Promise<AxeResults> };
    };
    const { violations } = await axe.run(include === null ? document : { include: [include] }, {
      resultTypes: ['violations'],
    });
    return { violations };
  }, include ?? null);
}

/**
 * Asserts axe finds no violations with its default rules, best-practice rules included. On failure
 * the message lists each rule, its help text and the offending selectors. A page with frames goes
 * through AxeBuilder, which also checks what the frames show, whatever their origin.
 */
export async function expectNoAxeViolations(page: Page, options: { include?: string } = {}): Promise<void> {
  let violations: AxeResults['violations'];
  if (page.frames().length === 1) {
    ({ violations } = await runInPage(page, options.include));
  } else {
    let builder = new AxeBuilder({ page });
    if (options.include) builder = builder.include(options.include);
    ({ violations } = await builder.analyze());
  }
  const summary = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.nodes.map((node) => node.target.join(' ')).join('\n    ')}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}
