/**
 * Time from a Next click to the next step's heading in Chromium with 4x CPU throttling (CDP
 * Emulation.setCPUThrottlingRate), median over many clicks, beside a baseline measured on the same
 * page in the same run: a plain DOM toggle that swaps two sections and focuses the new heading.
 *
 * Two figures per click: until the new step's heading is in the document and focused (the wizard
 * moves focus there), and until the next frame after that. Target: median under 50 ms.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromiumLaunchOptions } from '../tests/support/chromium.ts';

const root = resolve(import.meta.dirname, '..');
const packageDirectory = join(root, 'packages', 'quote-wizard');
// The page's entry lives under the package's node_modules so its bare imports resolve there.
const workDirectory = join(packageDirectory, 'node_modules', '.cache', 'quote-wizard-next-bench');
const WARM_UP = 5;
const SAMPLES = 30;
const CPU_SLOWDOWN = 4;
const TARGET_MS = 50;

/** The part of Vite's API the bench uses (Vite is the wizard package's dev dependency, not the root's). */
interface ViteModule {
  build(config: Record<string, unknown>): Promise<unknown>;
}
/** The part of Playwright the bench uses (it is the tests package's dependency, not the root's). */
interface BenchPage {
  setContent(html: string): Promise<void>;
  addStyleTag(options: { content: string }): Promise<unknown>;
  addScriptTag(options: { content: string }): Promise<unknown>;
  waitForFunction(check: () => boolean): Promise<unknown>;
  getByText(text: string): { waitFor(): Promise<void> };
  evaluate<Result, Argument>(
    run: (argument: Argument) => Promise<Result>,
    argument: Argument,
  ): Promise<Result>;
}
interface BenchContext {
  newPage(): Promise<BenchPage>;
  newCDPSession(
    page: BenchPage,
  ): Promise<{ send(method: string, params: Record<string, unknown>): Promise<unknown> }>;
}
interface BenchBrowser {
  newContext(): Promise<BenchContext>;
  version(): string;
  close(): Promise<void>;
}
interface PlaywrightModule {
  chromium: { launch(options: unknown): Promise<BenchBrowser> };
}
type BuildOutput = {
  output: { type: 'chunk' | 'asset'; fileName: string; code?: string; source?: string | Uint8Array }[];
};

/** The bench page: the wizard (step 1 of a regular clean, service chosen) and the plain baseline. */
const PAGE_ENTRY = (dist: string) => `
import { QuoteWizard } from ${JSON.stringify(join(dist, 'index.js'))};
import ${JSON.stringify(join(dist, 'style.css'))};
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('wizard')).render(
  createElement(QuoteWizard, {
    service: 'regular-cleaning',
    storage: null,
    submitQuote: () => new Promise(() => {}),
  }),
);

// Baseline: the cheapest possible step change, in plain DOM.
const first = document.getElementById('plain-first');
const second = document.getElementById('plain-second');
document.getElementById('plain-next').addEventListener('click', () => {
  first.hidden = true;
  second.hidden = false;
  second.querySelector('h2').focus();
});
document.getElementById('plain-back').addEventListener('click', () => {
  second.hidden = true;
  first.hidden = false;
  first.querySelector('h2').focus();
});

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** Clicks, then waits (microtask by microtask, then frame by frame) until done() holds. */
async function timeClick(button, done) {
  const start = performance.now();
  button.click();
  let turns = 0;
  while (!done()) {
    if (turns++ < 1000) await Promise.resolve();
    else await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  const ready = performance.now() - start;
  await nextFrame();
  return { ready, frame: performance.now() - start };
}

const heading = (text) => () => {
  const active = document.activeElement;
  return active?.tagName.startsWith('H') && active.textContent === text;
};

window.bench = {
  async wizard() {
    const wizard = document.getElementById('wizard');
    const button = (label) => [...wizard.querySelectorAll('button')].find((b) => b.textContent === label);
    const sample = await timeClick(button('Next'), heading('Tell us about your property'));
    await timeClick(button('Back'), heading('What type of cleaning do you need?'));
    return sample;
  },
  async plain() {
    const sample = await timeClick(document.getElementById('plain-next'), heading('Second step'));
    await timeClick(document.getElementById('plain-back'), heading('First step'));
    return sample;
  },
};
window.benchReady = true;
`;

const PAGE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Next bench</title></head>
<body><main>
  <div id="wizard"></div>
  <section id="plain-first"><h2 tabindex="-1">First step</h2><button id="plain-next">Next</button></section>
  <section id="plain-second" hidden><h2 tabindex="-1">Second step</h2><button id="plain-back">Back</button></section>
</main></body></html>`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function buildPage(): Promise<{ js: string; css: string }> {
  const vitePath = createRequire(join(packageDirectory, 'package.json')).resolve('vite');
  const vite = (await import(pathToFileURL(vitePath).href)) as ViteModule;
  rmSync(workDirectory, { recursive: true, force: true });
  mkdirSync(workDirectory, { recursive: true });
  const entry = join(workDirectory, 'page.js');
  writeFileSync(entry, PAGE_ENTRY(join(packageDirectory, 'dist')));
  const result = (await vite.build({
    configFile: false,
    logLevel: 'silent',
    mode: 'production',
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      write: false,
      minify: true,
      lib: { entry, formats: ['iife'], name: 'nextBench', fileName: 'page', cssFileName: 'page' },
    },
  })) as BuildOutput | BuildOutput[];
  rmSync(workDirectory, { recursive: true, force: true });
  const files = (Array.isArray(result) ? result : [result]).flatMap((build) => build.output);
  const text = (extension: string) =>
    files
      .filter((file) => file.fileName.endsWith(extension))
      .map((file) => String(file.code ?? file.source ?? ''))
      .join('\n');
  return { js: text('.js'), css: text('.css') };
}

async function main(): Promise<void> {
  console.log('Building @cleanquote/quote-wizard and the bench page…');
  execFileSync('npx', ['--yes', 'pnpm@10.34.9', 'run', 'build'], { cwd: packageDirectory, stdio: 'ignore' });
  const page = await buildPage();

  // Playwright is the tests package's dependency; it is CommonJS, so require it from there.
  const { chromium } = createRequire(join(root, 'tests', 'package.json'))(
    '@playwright/test',
  ) as PlaywrightModule;
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext();
    const tab = await context.newPage();
    await tab.setContent(PAGE_HTML);
    await tab.addStyleTag({ content: page.css });
    await tab.addScriptTag({ content: page.js });
    await tab.waitForFunction(() => (window as unknown as { benchReady?: boolean }).benchReady === true);
    await tab.getByText('Step 1 of 6').waitFor();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    const samples = {
      wizard: { ready: [] as number[], frame: [] as number[] },
      plain: { ready: [] as number[], frame: [] as number[] },
    };
    for (let round = 0; round < WARM_UP + SAMPLES; round += 1) {
      // Alternate so both see the same machine state (GC, thermal, timer noise).
      for (const kind of ['wizard', 'plain'] as const) {
        const sample = await tab.evaluate(
          (which: string) =>
            (
              window as unknown as { bench: Record<string, () => Promise<{ ready: number; frame: number }>> }
            ).bench[which]?.() ?? Promise.reject(new Error('no bench')),
          kind,
        );
        if (round >= WARM_UP) {
          samples[kind].ready.push(sample.ready);
          samples[kind].frame.push(sample.frame);
        }
      }
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    const line = (label: string, values: { ready: number[]; frame: number[] }) =>
      `${label.padEnd(40)}${median(values.ready).toFixed(1).padStart(8)} ms${percentile(values.ready, 90)
        .toFixed(1)
        .padStart(8)} ms${median(values.frame).toFixed(1).padStart(8)} ms${percentile(values.frame, 90)
        .toFixed(1)
        .padStart(8)} ms`;
    console.log(
      `\nNext click → next step heading, Chromium ${browser.version()}, ${CPU_SLOWDOWN}x CPU throttling, ${SAMPLES} clicks (after ${WARM_UP} warm-up)\n`,
    );
    console.log(`${''.padEnd(40)}${'heading focused'.padStart(24)}${'next frame'.padStart(24)}`);
    console.log(
      `${''.padEnd(40)}${'median'.padStart(11)}${'p90'.padStart(11)}${'median'.padStart(13)}${'p90'.padStart(11)}`,
    );
    console.log(line('QuoteWizard: service-type → property-size', samples.wizard));
    console.log(line('baseline: plain DOM toggle, same page', samples.plain));
    const wizardMedian = median(samples.wizard.ready);
    console.log(
      `\nTarget: median < ${TARGET_MS} ms → ${wizardMedian.toFixed(1)} ms to the focused heading, ${median(samples.wizard.frame).toFixed(1)} ms to the next frame → ${wizardMedian < TARGET_MS ? 'PASS' : 'OVER TARGET'}`,
    );
  } finally {
    await browser.close();
  }
}

await main();
