/**
 * Weight of the partner embed: everything a non-React page downloads for a working
 * wizard — the loader script, the wizard's chunk it imports, and the styles (inside the chunk) — with
 * gzip (level 9, as the API sends the build's copies) and brotli. Budget: 45 kB gzip all-in.
 *
 * Printed beside baselines measured in the same run: the same embed built with React 19 instead of
 * preact/compat (the renderer choice, docs/decisions/0014-embed-renderer-and-build.md), and the React
 * package's own weight beyond React (@cleanquote/quote-wizard JS + CSS, bundled as a host would).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = resolve(import.meta.dirname, '..');
const embedDirectory = join(root, 'packages', 'quote-embed');
const wizardDirectory = join(root, 'packages', 'quote-wizard');
const measureDirectory = join(embedDirectory, 'dist-measure');
const TARGET_GZIP_BYTES = 45 * 1024;

const gzip = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;
const brotli = (bytes: Buffer) =>
  brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`.padStart(9);

/** gzip and brotli of files compressed one by one (as they travel), summed. */
function row(label: string, files: Buffer[]): string {
  const raw = files.reduce((sum, file) => sum + file.length, 0);
  const gz = files.reduce((sum, file) => sum + gzip(file), 0);
  const br = files.reduce((sum, file) => sum + brotli(file), 0);
  return `${label.padEnd(58)}${kB(raw)}${kB(gz)}${kB(br)}`;
}

interface Build {
  readonly loader: Buffer;
  readonly chunk: Buffer;
}

/** Runs the embed's own build (scripts/build.ts) into dist-measure and reads its two files. */
function buildEmbed(renderer: 'preact' | 'react'): Build {
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/build.ts',
      '--out=measure',
      ...(renderer === 'react' ? ['--renderer=react'] : []),
    ],
    { cwd: embedDirectory, stdio: 'ignore' },
  );
  const manifest = JSON.parse(readFileSync(join(measureDirectory, 'embed-manifest.json'), 'utf8')) as {
    loader: string;
    chunk: string;
  };
  return {
    loader: readFileSync(join(measureDirectory, manifest.loader)),
    chunk: readFileSync(join(measureDirectory, manifest.chunk)),
  };
}

interface ViteModule {
  build(config: Record<string, unknown>): Promise<unknown>;
}
type BuildOutput = {
  output: { type: 'chunk' | 'asset'; fileName: string; code?: string; source?: string | Uint8Array }[];
};

/** The React package beyond React, bundled as a host's production build would (as its own bench does). */
async function reactPackageWeight(): Promise<Buffer[]> {
  const vitePath = createRequire(join(wizardDirectory, 'package.json')).resolve('vite');
  const vite = (await import(pathToFileURL(vitePath).href)) as ViteModule;
  const work = join(wizardDirectory, 'node_modules', '.cache', 'quote-embed-weight-bench');
  mkdirSync(work, { recursive: true });
  const entry = join(work, 'wizard.js');
  writeFileSync(
    entry,
    `export { QuoteWizard } from ${JSON.stringify(join(wizardDirectory, 'src', 'index.ts'))};\n`,
  );
  const result = (await vite.build({
    configFile: false,
    logLevel: 'silent',
    mode: 'production',
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      write: false,
      minify: true,
      lib: { entry, formats: ['iife'], name: 'bench', fileName: 'wizard', cssFileName: 'wizard' },
      rolldownOptions: {
        external: [/^react(\/|$)/, /^react-dom(\/|$)/],
        output: { globals: (id: string) => `external_${id.replace(/\W/g, '_')}` },
      },
    },
  })) as BuildOutput | BuildOutput[];
  rmSync(work, { recursive: true, force: true });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((build) => build.output);
  const file = (extension: string) =>
    Buffer.concat(
      outputs
        .filter((output) => output.fileName.endsWith(extension))
        .map((output) => Buffer.from(output.code ?? output.source ?? '')),
    );
  return [file('.js'), file('.css')];
}

async function main(): Promise<void> {
  console.log('Building the embed twice (preact/compat as shipped, React 19 for comparison)…');
  const withReact = buildEmbed('react');
  const shipped = buildEmbed('preact');
  rmSync(measureDirectory, { recursive: true, force: true });
  const reactPackage = await reactPackageWeight();

  console.log('\nPartner embed: what a page without React downloads for a working wizard (minified)\n');
  console.log(`${''.padEnd(58)}${'raw'.padStart(9)}${'gzip'.padStart(9)}${'brotli'.padStart(9)}`);
  console.log(row('loader cleanquote-wizard.js (classic script)', [shipped.loader]));
  console.log(row('wizard chunk (wizard, core, xstate, preact, styles)', [shipped.chunk]));
  console.log(row('all-in: loader + chunk (+ styles inside)', [shipped.loader, shipped.chunk]));
  console.log('\nBaselines, same run:');
  console.log(row('  the same embed with React 19 (react-dom) instead', [withReact.loader, withReact.chunk]));
  console.log(row('  @cleanquote/quote-wizard beyond React (JS + CSS)', reactPackage));

  const total = gzip(shipped.loader) + gzip(shipped.chunk);
  const verdict = total <= TARGET_GZIP_BYTES ? 'PASS' : 'OVER BUDGET';
  console.log(`\nLoader alone: ${(gzip(shipped.loader) / 1024).toFixed(1)} kB gzip.`);
  console.log(
    `Target ≤ ${TARGET_GZIP_BYTES / 1024} kB gzip all-in (script + chunks + styles): ${(total / 1024).toFixed(1)} kB → ${verdict}`,
  );
}

await main();
