/**
 * Builds the embed (docs/decisions/0014-embed-renderer-and-build.md) into dist/:
 * - `wizard-<hash>.js`: the wizard's chunk (an ES module: QuoteWizard, quote-core, xstate and the
 *   renderer — preact/compat aliased for React — with the shadow stylesheet inside as a string);
 * - `cleanquote-wizard.js`: the loader, a classic script that defines the element and `import()`s the
 *   chunk by its hashed name, relative to its own URL;
 * - `embed-manifest.json`: version, files, the loader's SRI hash (read by the API and staff screens).
 *
 * Fails (exit 1) when the shadow stylesheet has an unscoped selector, a rem length, @font-face,
 * @property or another document-wide at-rule (src/shadow-css.ts).
 *
 * `--renderer=react` builds with React 19 instead, to measure it (the decision's figures); the
 * shipped build uses preact/compat.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type Plugin } from 'vite';
import { buildShadowCss, shadowCssProblems } from '../src/shadow-css.ts';

const packageDirectory = resolve(import.meta.dirname, '..');
const renderer = process.argv.includes('--renderer=react') ? 'react' : 'preact';
const outDirectory = join(packageDirectory, process.argv.includes('--out=measure') ? 'dist-measure' : 'dist');
const { version } = JSON.parse(readFileSync(join(packageDirectory, 'package.json'), 'utf8')) as {
  version: string;
};
const LOADER_FILE = 'cleanquote-wizard.js';
const VIRTUAL_CSS = 'virtual:cleanquote-shadow-css';

function fail(message: string): never {
  console.error(`\n✖ quote-embed build: ${message}`);
  process.exit(1);
}

// 1. The shadow stylesheet, checked before anything is bundled.
const wizardCssPath = fileURLToPath(import.meta.resolve('@cleanquote/quote-wizard/style.css'));
const shadowCss = buildShadowCss(
  readFileSync(wizardCssPath, 'utf8'),
  readFileSync(join(packageDirectory, 'src', 'embed.css'), 'utf8'),
);
const problems = shadowCssProblems(shadowCss);
if (problems.length > 0) fail(`the shadow stylesheet may leak:\n  - ${problems.join('\n  - ')}`);

const shadowCssModule: Plugin = {
  name: 'cleanquote-shadow-css',
  resolveId: (id) => (id === VIRTUAL_CSS ? `\0${VIRTUAL_CSS}` : undefined),
  load: (id) => (id === `\0${VIRTUAL_CSS}` ? `export default ${JSON.stringify(shadowCss)};` : undefined),
};

// preact/compat stands in for React in this build only; the React package keeps React.
const resolvePath = (specifier: string) => fileURLToPath(import.meta.resolve(specifier));
const preactAliases = [
  { find: /^react-dom\/client$/, replacement: resolvePath('preact/compat/client') },
  { find: /^react-dom$/, replacement: resolvePath('preact/compat') },
  { find: /^react\/jsx-runtime$/, replacement: resolvePath('preact/jsx-runtime') },
  { find: /^react\/jsx-dev-runtime$/, replacement: resolvePath('preact/jsx-dev-runtime') },
  { find: /^react$/, replacement: resolvePath('preact/compat') },
];

const shared = {
  configFile: false as const,
  logLevel: 'warn' as const,
  mode: 'production',
  root: packageDirectory,
  define: {
    'process.env.NODE_ENV': '"production"',
    __CQ_VERSION__: JSON.stringify(version),
  },
};

rmSync(outDirectory, { recursive: true, force: true });
mkdirSync(outDirectory, { recursive: true });

// 2. The wizard's chunk.
await build({
  ...shared,
  plugins: [shadowCssModule],
  resolve: { alias: renderer === 'preact' ? preactAliases : [] },
  build: {
    outDir: join(outDirectory, '.chunk'),
    emptyOutDir: true,
    minify: true,
    sourcemap: false,
    copyPublicDir: false,
    lib: {
      entry: join(packageDirectory, 'src', 'wizard-app.tsx'),
      formats: ['es'],
      fileName: () => 'wizard.js',
    },
    // Library mode keeps whitespace in ES output (for hosts' bundlers); this file goes to browsers.
    rolldownOptions: { output: { minify: true } },
  },
});
const chunkSource = readFileSync(join(outDirectory, '.chunk', 'wizard.js'));
if (!chunkSource.includes(shadowCss.slice(0, 40))) fail('the chunk does not carry the checked stylesheet');
const chunkFile = `wizard-${createHash('sha256').update(chunkSource).digest('hex').slice(0, 10)}.js`;
renameSync(join(outDirectory, '.chunk', 'wizard.js'), join(outDirectory, chunkFile));
rmSync(join(outDirectory, '.chunk'), { recursive: true, force: true });

// 3. The loader: a classic script (IIFE) that knows the chunk's name.
await build({
  ...shared,
  define: { ...shared.define, __CQ_CHUNK__: JSON.stringify(`./${chunkFile}`) },
  build: {
    outDir: join(outDirectory, '.loader'),
    emptyOutDir: true,
    minify: true,
    sourcemap: false,
    copyPublicDir: false,
    lib: {
      entry: join(packageDirectory, 'src', 'loader.ts'),
      formats: ['iife'],
      name: 'CleanQuoteWizardLoader',
      fileName: () => LOADER_FILE,
    },
  },
});
renameSync(join(outDirectory, '.loader', LOADER_FILE), join(outDirectory, LOADER_FILE));
rmSync(join(outDirectory, '.loader'), { recursive: true, force: true });

// 4. The manifest, with the loader's SRI hash for the snippet (`integrity` + `crossorigin`).
const loader = readFileSync(join(outDirectory, LOADER_FILE));
if (/^\s*(import|export)\s/m.test(loader.toString())) fail('the loader is not a classic script');
const integrity = `sha384-${createHash('sha384').update(loader).digest('base64')}`;
// Compressed once here; the API sends these copies as they are.
const files = [LOADER_FILE, chunkFile].map((file) => {
  const bytes = readFileSync(join(outDirectory, file));
  const gzip = gzipSync(bytes, { level: 9 });
  const brotli = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  writeFileSync(join(outDirectory, `${file}.gz`), gzip);
  writeFileSync(join(outDirectory, `${file}.br`), brotli);
  return { file, bytes: bytes.length, gzipBytes: gzip.length, brotliBytes: brotli.length };
});
const manifest = {
  version,
  major: `v${version.split('.')[0]}`,
  renderer,
  loader: LOADER_FILE,
  chunk: chunkFile,
  integrity,
  files,
};
writeFileSync(join(outDirectory, 'embed-manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
console.log(`@cleanquote/quote-embed ${version} (${renderer}) → ${dirname(join(outDirectory, LOADER_FILE))}`);
for (const { file, bytes, gzipBytes } of files) {
  console.log(`  ${file.padEnd(28)} ${kB(bytes).padStart(9)}  gzip ${kB(gzipBytes).padStart(8)}`);
}
const total = files.reduce((sum, file) => sum + file.gzipBytes, 0);
console.log(`  all-in (script + chunk + styles)    gzip ${kB(total).padStart(8)}`);
console.log(`  shadow stylesheet checked: scoped, no rem, no @font-face/@property`);
console.log(`  SRI of ${LOADER_FILE}: ${integrity}`);
