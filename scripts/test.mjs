// `npm test`: everything CI checks, each step announced: lint and format, types (beside the next
// step), unit and integration tests (Vitest's two projects, together), the production build, every story as a test (rendered in
// chromium, play function run, axe checked), end-to-end tests in Debian chromium (Playwright), and the
// Storybook build, which runs beside the story and end-to-end tests (it only bundles; its result is
// checked when it is done). Stops at the first failing step with its exit code, and prints each step's
// time at the end. `npm run test:fast` is the quick subset: lint, types and the unit project.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium, installDependencies, pnpm, pnpmInBackground, step, stepTimings } from './lib.mjs';

const { timed, record, report } = stepTimings();

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The Storybook groups, by who meets the state: the wizard, partner sites, staff, the public site. */
const STORY_GROUPS = ['Wizard', 'Embed', 'Staff', 'Site'];
const storybookEnv = { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' };

installDependencies();
await timed('Lint and format (biome ci)', () => pnpm(['exec', 'biome', 'ci', '.']));
// The type check is one thread: it runs beside the Vitest step, whose workers keep the other core
// busy, and is awaited (and its output shown) once the tests are done.
step('Type check (tsc -b: server, browser and Node-side projects), beside the unit and integration tests');
const typeCheck = pnpmInBackground(['exec', 'tsc', '-b']);
await timed('Unit and integration tests (vitest, projects unit and integration)', () =>
  pnpm(['exec', 'vitest', 'run']),
);
await timed('Type check (what it took beyond the tests it ran beside)', async () => {
  const { code, output, ms } = await typeCheck;
  if (output.trim()) console.log(output);
  record('Type check (on its own clock, beside the unit and integration tests)', ms);
  if (code !== 0) {
    console.error(`\n✖ the type check failed (exit ${code})`);
    process.exit(code);
  }
});
await timed('Production build (site, partner embed, partner demo)', () =>
  pnpm([
    '--filter',
    '@cleanquote/web',
    '--filter',
    '@cleanquote/quote-embed',
    '--filter',
    '@cleanquote/partner-demo',
    'run',
    'build',
  ]),
);
ensureChromium();
step('Storybook build (in the background until the end-to-end tests are done)');
const storybookBuild = pnpmInBackground(['--filter', '@cleanquote/stories', 'run', 'build'], {
  env: storybookEnv,
});
await timed('Stories as tests (Storybook, axe, Debian chromium)', () => {
  const results = join(tmpdir(), `cleanquote-story-tests-${process.pid}.json`);
  pnpm(
    [
      '--filter',
      '@cleanquote/stories',
      'exec',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${results}`,
    ],
    { env: storybookEnv },
  );
  const { numTotalTests } = JSON.parse(readFileSync(results, 'utf8'));
  console.log(`\n${numTotalTests} stories tested: each rendered, its play function run, axe clean.`);
});
process.env.E2E_PORT ??= String(await freePort());
await timed('End-to-end tests (playwright, Debian chromium)', () =>
  pnpm(['--filter', '@cleanquote/tests', 'exec', 'playwright', 'test']),
);
await timed('Storybook build (what it took beyond the tests it ran beside)', async () => {
  const { code, output, ms } = await storybookBuild;
  console.log(output);
  record('Storybook build (on its own clock, beside the stories and end-to-end tests)', ms);
  if (code !== 0) {
    console.error(`\n✖ the Storybook build failed (exit ${code})`);
    process.exit(code);
  }
  // Designers find a state by who meets it: every story sits under one of the four groups.
  const index = JSON.parse(
    readFileSync(new URL('../stories/storybook-static/index.json', import.meta.url), 'utf8'),
  );
  const stories = Object.values(index.entries).filter((entry) => entry.type === 'story');
  const groups = new Map(STORY_GROUPS.map((group) => [group, 0]));
  for (const { title } of stories) {
    const group = title.split('/')[0];
    if (!groups.has(group)) {
      console.error(`\n✖ Story '${title}' is outside the groups ${STORY_GROUPS.join(', ')}.`);
      process.exit(1);
    }
    groups.set(group, groups.get(group) + 1);
  }
  const counts = [...groups].map(([group, count]) => `${group} ${count}`).join(', ');
  console.log(`\nStorybook lists ${stories.length} stories: ${counts}.`);
});

console.log('\n✔ All test steps passed');
report();
