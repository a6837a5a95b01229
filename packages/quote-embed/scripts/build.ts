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
 *
 * `--watch` (`npm run dev`) builds, then builds again whenever a file the last build read changes:
 * every module of both bundles (the wizard, quote-core, content… found by the bundler, not listed
 * here) and the two stylesheets. A failed build is reported and the last good one stays in dist/.
 *
 * Each build is written beside dist/ and swapped in whole, manifest included, so a server reading
 * dist/ (the development API reloads it when the manifest changes) never sees half a build.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  type FSWatcher,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  watch,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type Plugin } from 'vite';
import { buildShadowCss, shadowCssProblems } from '../src/shadow-css.ts';

const packageDirectory = resolve(import.meta.dirname, '..');
const renderer = process.argv.includes('--renderer=react') ? 'react' : 'preact';
const outDirectory = join(packageDirectory, process.argv.includes('--out=measure') ? 'dist-measure' : 'dist');
// Where a build is written before it replaces outDirectory (inside the package, on the same disk).
const stagingDirectory = join(packageDirectory, 'node_modules', '.cache', `build-${basename(outDirectory)}`);
const { version } = JSON.parse(readFileSync(join(packageDirectory, 'package.json'), 'utf8')) as {
  version: string;
};
const LOADER_FILE = 'cleanquote-wizard.js';
const VIRTUAL_CSS = 'virtual:cleanquote-shadow-css';
const wizardCssPath = fileURLToPath(import.meta.resolve('@cleanquote/quote-wizard/style.css'));
const embedCssPath = join(packageDirectory, 'src', 'embed.css');

/** A build that must not ship (a leaking stylesheet, a loader that is not a classic script…). */
class EmbedBuildError extends Error {}

/** What one build wrote, and every source file it read (what `--watch` watches). */
interface BuiltEmbed {
  readonly manifest: {
    readonly renderer: string;
    readonly integrity: string;
    readonly files: readonly { file: string; bytes: number; gzipBytes: number }[];
  };
  readonly sources: ReadonlySet<string>;
}

/** Records the files a bundle was made of: every module the bundler loaded, on disk, outside node_modules. */
function recordSources(sources: Set<string>): Plugin {
  return {
    name: 'cleanquote-record-sources',
    buildEnd() {
      for (const id of this.getModuleIds()) {
        const path = id.split('?')[0] ?? '';
        if (isAbsolute(path) && !path.includes('/node_modules/') && existsSync(path)) sources.add(path);
      }
    },
  };
}

/** Builds the embed into outDirectory; `sources` collects the files read, even when the build fails. */
async function buildEmbed(sources: Set<string>): Promise<BuiltEmbed> {
  sources.add(wizardCssPath);
  sources.add(embedCssPath);

  // 1. The shadow stylesheet, checked before anything is bundled.
  const shadowCss = buildShadowCss(readFileSync(wizardCssPath, 'utf8'), readFileSync(embedCssPath, 'utf8'));
  const problems = shadowCssProblems(shadowCss);
  if (problems.length > 0) {
    throw new EmbedBuildError(`the shadow stylesheet may leak:\n  - ${problems.join('\n  - ')}`);
  }

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

  rmSync(stagingDirectory, { recursive: true, force: true });
  mkdirSync(stagingDirectory, { recursive: true });

  // 2. The wizard's chunk.
  await build({
    ...shared,
    plugins: [shadowCssModule, recordSources(sources)],
    resolve: { alias: renderer === 'preact' ? preactAliases : [] },
    build: {
      outDir: join(stagingDirectory, '.chunk'),
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
  const chunkSource = readFileSync(join(stagingDirectory, '.chunk', 'wizard.js'));
  if (!chunkSource.includes(shadowCss.slice(0, 40))) {
    throw new EmbedBuildError('the chunk does not carry the checked stylesheet');
  }
  const chunkFile = `wizard-${createHash('sha256').update(chunkSource).digest('hex').slice(0, 10)}.js`;
  renameSync(join(stagingDirectory, '.chunk', 'wizard.js'), join(stagingDirectory, chunkFile));
  rmSync(join(stagingDirectory, '.chunk'), { recursive: true, force: true });

  // 3. The loader: a classic script (IIFE) that knows the chunk's name.
  await build({
    ...shared,
    plugins: [recordSources(sources)],
    define: { ...shared.define, __CQ_CHUNK__: JSON.stringify(`./${chunkFile}`) },
    build: {
      outDir: join(stagingDirectory, '.loader'),
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
  renameSync(join(stagingDirectory, '.loader', LOADER_FILE), join(stagingDirectory, LOADER_FILE));
  rmSync(join(stagingDirectory, '.loader'), { recursive: true, force: true });

  // 4. The manifest, with the loader's SRI hash for the snippet (`integrity` + `crossorigin`).
  const loader = readFileSync(join(stagingDirectory, LOADER_FILE));
  if (/^\s*(import|export)\s/m.test(loader.toString())) {
    throw new EmbedBuildError('the loader is not a classic script');
  }
  const integrity = `sha384-${createHash('sha384').update(loader).digest('base64')}`;
  // Compressed once here; the API sends these copies as they are.
  const files = [LOADER_FILE, chunkFile].map((file) => {
    const bytes = readFileSync(join(stagingDirectory, file));
    const gzip = gzipSync(bytes, { level: 9 });
    const brotli = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    writeFileSync(join(stagingDirectory, `${file}.gz`), gzip);
    writeFileSync(join(stagingDirectory, `${file}.br`), brotli);
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
  writeFileSync(join(stagingDirectory, 'embed-manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

  // 5. The whole build replaces the last one at once.
  rmSync(outDirectory, { recursive: true, force: true });
  renameSync(stagingDirectory, outDirectory);
  return { manifest, sources };
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

function report({ manifest }: BuiltEmbed): void {
  console.log(`@cleanquote/quote-embed ${version} (${manifest.renderer}) → ${outDirectory}`);
  for (const { file, bytes, gzipBytes } of manifest.files) {
    console.log(`  ${file.padEnd(28)} ${kB(bytes).padStart(9)}  gzip ${kB(gzipBytes).padStart(8)}`);
  }
  const total = manifest.files.reduce((sum, file) => sum + file.gzipBytes, 0);
  console.log(`  all-in (script + chunk + styles)    gzip ${kB(total).padStart(8)}`);
  console.log(`  shadow stylesheet checked: scoped, no rem, no @font-face/@property`);
  console.log(`  SRI of ${LOADER_FILE}: ${manifest.integrity}`);
}

function describeFailure(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Builds, then again after any change to a file the last build read (and to files a failed build had
 * read so far, so mending the error rebuilds). Directories are watched rather than files: editors
 * often save by writing a new file and renaming it over the old one.
 */
async function buildAndWatch(): Promise<void> {
  let sources = new Set<string>();
  const watchers = new Map<string, FSWatcher>();
  let running: Promise<void> | undefined;
  let pending = false;
  let timer: NodeJS.Timeout | undefined;

  const buildOnce = async () => {
    const read = new Set<string>();
    const started = Date.now();
    try {
      const built = await buildEmbed(read);
      sources = read;
      console.log(
        `quote-embed: built ${built.manifest.files.map((file) => file.file).join(' + ')} in ${Date.now() - started} ms`,
      );
    } catch (error) {
      sources = new Set([...sources, ...read]);
      console.error(
        `✖ quote-embed build: ${describeFailure(error)}\n  (the last good build is still served; watching for a fix)`,
      );
    }
    for (const directory of new Set([...sources].map((source) => dirname(source)))) {
      if (watchers.has(directory)) continue;
      watchers.set(
        directory,
        watch(directory, (_, name) => {
          if (name && sources.has(join(directory, name.toString()))) schedule();
        }),
      );
    }
  };

  const run = () => {
    if (running) {
      pending = true;
      return;
    }
    running = buildOnce().finally(() => {
      running = undefined;
      if (pending) {
        pending = false;
        run();
      }
    });
  };
  // One build for a burst of saves (an editor saving several files, a git checkout).
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(run, 100);
  };

  run();
  await running;
  console.log(`quote-embed: watching ${sources.size} files for changes`);
  const stop = () => {
    for (const watcher of watchers.values()) watcher.close();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv.includes('--watch')) {
  await buildAndWatch();
} else {
  try {
    report(await buildEmbed(new Set()));
  } catch (error) {
    console.error(`\n✖ quote-embed build: ${describeFailure(error)}`);
    process.exit(1);
  }
}
