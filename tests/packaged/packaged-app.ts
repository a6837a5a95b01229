/**
 * Builds @cleanquote/quote-wizard, packs it with pnpm as it would be published, installs the tarball
 * with npm into a scratch app outside the workspace (with React from the npm registry), bundles a
 * small client there with Vite and renders the wizard on the server. Used by
 * tests/e2e/quote-wizard-packaged.spec.ts.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repositoryRoot = resolve(import.meta.dirname, '..', '..');
const packageDirectory = join(repositoryRoot, 'packages', 'quote-wizard');
const PNPM = ['--yes', 'pnpm@10.34.9'];

/** The props both the server render and client-entry.mjs use, so hydration can match. */
export const SERVER_PROPS = { service: 'oven-clean', suburb: 'box-hill', headingLevel: 1, storage: null };

/** A strict TypeScript consumer of the published types. */
const CONSUMER_SOURCE = `
import {
  createFetchSubmitQuote,
  QuoteWizard,
  type QuoteWizardProps,
  type SubmitQuoteFunction,
} from '@cleanquote/quote-wizard';
import {
  decideQuoteForm,
  type QuoteFormState,
  readQuoteForm,
} from '@cleanquote/quote-wizard/no-script-form';
import '@cleanquote/quote-wizard/style.css';

const submitQuote: SubmitQuoteFunction = async ({ request, idempotencyKey }) => {
  const service: string = request.serviceType;
  return { reference: \`\${service}-\${idempotencyKey}\` };
};

const props: QuoteWizardProps = {
  service: 'oven-clean',
  headingLevel: 1,
  theme: 'auto',
  onSubmitted: ({ reference }) => console.log(reference.toUpperCase()),
  onStepChange: ({ step, stepNumber, stepCount }) => console.log(step, stepNumber, stepCount),
  submitQuote: submitQuote ?? createFetchSubmitQuote({ apiBaseUrl: 'https://quotes.example.com.au' }),
};

// A host's server answering the wizard's post without script.
const outcome = decideQuoteForm(readQuoteForm(new URLSearchParams('serviceType=oven-clean')));
const formState: QuoteFormState | undefined = outcome.kind === 'show' ? outcome.state : undefined;

export const element = <QuoteWizard {...props} formState={formState} formAction="/service-form" />;
// @ts-expect-error headingLevel is limited to 1-4
export const wrong = <QuoteWizard headingLevel={7} />;
`;

export interface PackagedApp {
  /** The scratch app's directory (its node_modules holds the installed tarball). */
  readonly directory: string;
  /** package.json as published inside the tarball. */
  readonly publishedManifest: Record<string, unknown>;
  /** Every file path inside the tarball. */
  readonly tarballFiles: readonly string[];
  /** Server-rendered HTML of <QuoteWizard {...SERVER_PROPS}/>. */
  readonly serverHtml: string;
  /** The bundled client page, files by URL path ('/index.html', '/assets/…'). */
  readonly clientDirectory: string;
  /** Runs tsc on a strict consumer of the published types; returns its output ('' when clean). */
  typeCheckConsumer(): string;
}

function run(command: string, args: readonly string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Build, pack, install, bundle and render. Takes about 15–30 s on a warm npm cache. */
export function preparePackagedApp(): PackagedApp {
  const directory = mkdtempSync(join(tmpdir(), 'cleanquote-packaged-'));
  const packDirectory = join(directory, 'pack');
  const appDirectory = join(directory, 'app');
  mkdirSync(packDirectory);
  mkdirSync(appDirectory);

  run('npx', [...PNPM, 'run', 'build'], packageDirectory);
  run('npx', [...PNPM, 'pack', '--pack-destination', packDirectory], packageDirectory);
  const tarball = readdirSync(packDirectory).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error('pnpm pack made no tarball');
  const tarballPath = join(packDirectory, tarball);
  const tarballFiles = run('tar', ['-tzf', tarballPath], directory)
    .split('\n')
    .filter(Boolean)
    .map((path) => path.replace(/^package\//, ''));
  const publishedManifest = JSON.parse(
    run('tar', ['-xzOf', tarballPath, 'package/package.json'], directory),
  ) as Record<string, unknown>;

  writeFileSync(
    join(appDirectory, 'package.json'),
    JSON.stringify({ name: 'packaged-wizard-host', private: true, type: 'module' }, null, 2),
  );
  run(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--loglevel=error',
      tarballPath,
      'react@19.3.1',
      'react-dom@19.3.1',
      '@types/react@19.3.0',
    ],
    appDirectory,
  );

  for (const file of ['render-wizard.mjs', 'client-entry.mjs']) {
    copyFileSync(join(import.meta.dirname, file), join(appDirectory, file));
  }
  const serverHtml = run('node', ['render-wizard.mjs', JSON.stringify(SERVER_PROPS)], appDirectory);

  writeFileSync(
    join(appDirectory, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner page</title></head>' +
      '<body><main><div id="root"><!--wizard--></div></main>' +
      '<script type="module" src="./client-entry.mjs"></script></body></html>',
  );
  const vite = join(packageDirectory, 'node_modules', '.bin', 'vite');
  run(
    vite,
    ['build', appDirectory, '--logLevel', 'error', '--outDir', join(appDirectory, 'dist')],
    appDirectory,
  );
  const clientDirectory = join(appDirectory, 'dist');
  const builtIndex = join(clientDirectory, 'index.html');
  writeFileSync(
    builtIndex,
    readFileSync(builtIndex, 'utf8').replace('<!--wizard-->', () => serverHtml),
  );

  return {
    directory: appDirectory,
    publishedManifest,
    tarballFiles,
    serverHtml,
    clientDirectory,
    typeCheckConsumer() {
      writeFileSync(join(appDirectory, 'consumer.tsx'), CONSUMER_SOURCE);
      writeFileSync(
        join(appDirectory, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            target: 'ES2022',
            module: 'ESNext',
            moduleResolution: 'Bundler',
            jsx: 'react-jsx',
            strict: true,
            noEmit: true,
            skipLibCheck: false,
            types: [],
            lib: ['ES2022', 'DOM'],
          },
          files: ['consumer.tsx'],
        }),
      );
      const tsc = join(repositoryRoot, 'node_modules', 'typescript', 'bin', 'tsc');
      try {
        run('node', [tsc, '-p', 'tsconfig.json'], appDirectory);
        return '';
      } catch (error) {
        const { stdout, stderr } = error as { stdout?: string; stderr?: string };
        return `${stdout ?? ''}${stderr ?? ''}` || String(error);
      }
    },
  };
}
