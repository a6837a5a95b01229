/**
 * Weight of @cleanquote/quote-wizard beyond React: what a host downloads for the wizard (its bundle
 * with quote-core, plus xstate and @xstate/react it imports, plus its stylesheet), minified,
 * then gzip and brotli. react, react-dom and react/jsx-runtime are left out: the host has them.
 *
 * Printed beside two baselines bundled the same way in the same run: the floor of the chosen stack
 * (xstate's setup/createActor, @xstate/react's hooks) and a bare react-dom
 * "hello" for scale.
 *
 * The budget — at most 30 kB gzip beyond React — is measured on the package's source entry bundled
 * with esbuild (minified, React external): the JS and any CSS the entry itself imports. The entry
 * imports no stylesheet (hosts import style.css once, themselves), so the stylesheet is printed
 * beside it, and with it, for the whole download.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build as esbuild } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
const packageDirectory = join(root, 'packages', 'quote-wizard');
// Entries live under the package's node_modules so their bare imports resolve to its dependencies.
const workDirectory = join(packageDirectory, 'node_modules', '.cache', 'quote-wizard-weight-bench');
const TARGET_GZIP_BYTES = 30 * 1024;
const REACT = [/^react(\/|$)/, /^react-dom(\/|$)/];

/** The part of Vite's API the bench uses (Vite is the wizard package's dev dependency, not the root's). */
interface ViteModule {
  build(config: Record<string, unknown>): Promise<unknown>;
}
type BuildOutput = {
  output: { type: 'chunk' | 'asset'; fileName: string; code?: string; source?: string | Uint8Array }[];
};

async function loadVite(): Promise<ViteModule> {
  const path = createRequire(join(packageDirectory, 'package.json')).resolve('vite');
  return (await import(pathToFileURL(path).href)) as ViteModule;
}

interface Weight {
  readonly js: Buffer;
  readonly css: Buffer;
}

/**
 * Bundles `source` the way a host's production build would (minified, tree-shaken; an IIFE because
 * Vite's library mode keeps whitespace in ES output), React external, and returns JS and CSS.
 */
async function bundle(
  vite: ViteModule,
  name: string,
  source: string,
  external: RegExp[] = REACT,
): Promise<Weight> {
  const entry = join(workDirectory, `${name}.js`);
  writeFileSync(entry, source);
  const result = (await vite.build({
    configFile: false,
    logLevel: 'silent',
    mode: 'production',
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      write: false,
      minify: true,
      sourcemap: false,
      lib: { entry, formats: ['iife'], name: 'bench', fileName: name, cssFileName: name },
      rolldownOptions: {
        external,
        output: { globals: (id: string) => `external_${id.replace(/\W/g, '_')}` },
      },
    },
  })) as BuildOutput | BuildOutput[];
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((build) => build.output);
  const text = (kind: 'chunk' | 'asset', extension: string) =>
    Buffer.concat(
      outputs
        .filter((file) => file.type === kind && file.fileName.endsWith(extension))
        .map((file) => Buffer.from(file.code ?? file.source ?? '')),
    );
  return { js: text('chunk', '.js'), css: text('asset', '.css') };
}

/** The source entry bundled with esbuild as the budget is measured: minified, React external. */
async function esbuildEntry(entry: string): Promise<Weight> {
  const result = await esbuild({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    outdir: join(workDirectory, 'esbuild'),
    external: ['react', 'react-dom', 'react/*', 'react-dom/*'],
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  });
  const of = (extension: string) =>
    Buffer.concat(
      result.outputFiles
        .filter((file) => file.path.endsWith(extension))
        .map((file) => Buffer.from(file.contents)),
    );
  return { js: of('.js'), css: of('.css') };
}

async function esbuildStylesheet(path: string): Promise<Buffer> {
  const result = await esbuild({
    entryPoints: [path],
    bundle: true,
    minify: true,
    write: false,
    outdir: workDirectory,
  });
  return Buffer.concat(result.outputFiles.map((file) => Buffer.from(file.contents)));
}

const gzip = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;
const brotli = (bytes: Buffer) =>
  brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`.padStart(9);

function row(label: string, bytes: Buffer): string {
  return `${label.padEnd(52)}${kB(bytes.length)}${kB(gzip(bytes))}${kB(brotli(bytes))}`;
}

async function main(): Promise<void> {
  console.log('Building @cleanquote/quote-wizard (vite library build + declarations)…');
  execFileSync('npx', ['--yes', 'pnpm@10.34.9', 'run', 'build'], { cwd: packageDirectory, stdio: 'ignore' });
  rmSync(workDirectory, { recursive: true, force: true });
  mkdirSync(workDirectory, { recursive: true });
  const vite = await loadVite();
  const dist = join(packageDirectory, 'dist');

  const wizard = await bundle(
    vite,
    'wizard',
    `export { QuoteWizard } from ${JSON.stringify(join(dist, 'index.js'))};\n` +
      `import ${JSON.stringify(join(dist, 'style.css'))};\n`,
  );
  const floor = await bundle(
    vite,
    'stack-floor',
    [
      "import { createActor, setup } from 'xstate';",
      "import { useActorRef, useSelector } from '@xstate/react';",
      'export const machine = setup({}).createMachine({ initial: "a", states: { a: {} } });',
      'export { createActor, useActorRef, useSelector };',
    ].join('\n'),
  );
  // For scale: react-dom itself, so bundled with React included.
  const reactDom = await bundle(
    vite,
    'react-dom-hello',
    [
      "import { createElement } from 'react';",
      "import { createRoot } from 'react-dom/client';",
      "createRoot(document.body).render(createElement('p', null, 'hello'));",
    ].join('\n'),
    [],
  );
  // Where the weight sits: each part bundled alone (compressed alone, so the parts add up to a little
  // more than the whole).
  const parts = {
    xstate: await bundle(
      vite,
      'part-xstate',
      "export { and, assertEvent, assign, createActor, emit, fromPromise, setup, spawnChild, stopChild } from 'xstate';",
    ),
    xstateReact: await bundle(
      vite,
      'part-xstate-react',
      "export { useActorRef, useSelector } from '@xstate/react';",
      [...REACT, /^xstate/],
    ),
    core: await bundle(
      vite,
      'part-core',
      `export { quoteWizardMachine, requestFromAnswers } from ${JSON.stringify(join(root, 'packages/quote-core/src/index.ts'))};`,
      [...REACT, /^xstate/, /^@xstate/, /^zod/],
    ),
    ui: await bundle(
      vite,
      'part-ui',
      `export { QuoteWizard } from ${JSON.stringify(join(packageDirectory, 'src/index.ts'))};`,
      [...REACT, /^xstate/, /^@xstate/, /^zod/, /quote-core/],
    ),
  };
  rmSync(workDirectory, { recursive: true, force: true });

  const wizardTotal = Buffer.concat([wizard.js, wizard.css]);
  console.log(
    '\nQuote wizard weight beyond React (minified; react, react-dom, react/jsx-runtime excluded)\n',
  );
  console.log(`${''.padEnd(52)}${'raw'.padStart(9)}${'gzip'.padStart(9)}${'brotli'.padStart(9)}`);
  console.log(row('@cleanquote/quote-wizard JS (+ core, xstate)', wizard.js));
  console.log(row('@cleanquote/quote-wizard CSS', wizard.css));
  console.log(row('@cleanquote/quote-wizard JS + CSS', wizardTotal));
  console.log(row('baseline: xstate + @xstate/react floor', floor.js));
  console.log(row('baseline: react-dom "hello" (React included)', reactDom.js));
  console.log('\nParts, each bundled alone:');
  console.log(row('  xstate (the parts quote-core uses)', parts.xstate.js));
  console.log(row('  @xstate/react (+ use-sync-external-store shim)', parts.xstateReact.js));
  console.log(row('  @cleanquote/quote-core (machine and rules, no zod)', parts.core.js));
  console.log(row('  quote-wizard components (core external)', parts.ui.js));
  const sourceEntry = await esbuildEntry(join(packageDirectory, 'src', 'index.ts'));
  const stylesheet = await esbuildStylesheet(join(packageDirectory, 'src', 'quote-wizard.css'));
  const budgeted = gzip(sourceEntry.js) + (sourceEntry.css.length > 0 ? gzip(sourceEntry.css) : 0);
  console.log('\nThe budgeted figure: src/index.ts bundled with esbuild (minified, React external)');
  console.log(row('  JS', sourceEntry.js));
  console.log(row('  CSS the entry imports', sourceEntry.css));
  console.log(row('  the stylesheet (style.css, imported by the host)', stylesheet));
  console.log(
    `  JS + stylesheet: ${kB(gzip(sourceEntry.js) + gzip(stylesheet)).trim()} gzip (the whole first download)`,
  );
  console.log(
    `  Budget ≤ ${TARGET_GZIP_BYTES / 1024} kB gzip (JS + CSS of the entry): ${(budgeted / 1024).toFixed(2)} kB → ${
      budgeted <= TARGET_GZIP_BYTES ? 'PASS' : 'OVER BUDGET'
    }`,
  );

  const ownGzip = gzip(wizardTotal) - gzip(floor.js);
  console.log(
    `\nThe wizard's own code and styles above the stack floor: ~${(ownGzip / 1024).toFixed(1)} kB gzip.`,
  );
  console.log(
    `The published build (Vite, dist/ with its stylesheet) for comparison: ${(gzip(wizardTotal) / 1024).toFixed(1)} kB gzip.`,
  );
}

await main();
