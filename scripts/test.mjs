// `npm test`: everything CI checks, in order, each step announced: lint and format, types, unit and
// model-based tests (Vitest), the production build, every story as a test (rendered in chromium,
// play function run, axe checked), end-to-end tests in Debian chromium (Playwright),
// and the Storybook build. Stops at the first failing step with its exit code.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium, installDependencies, pnpm, step } from './lib.mjs';

const started = Date.now();
const timings = [];
function timed(title, action) {
  const begin = Date.now();
  step(title);
  action();
  timings.push([title, Date.now() - begin]);
}

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

installDependencies();
timed('Lint and format (biome ci)', () => pnpm(['exec', 'biome', 'ci', '.']));
timed('Type check (tsc -b: server, browser and Node-side projects)', () => pnpm(['exec', 'tsc', '-b']));
timed('Unit and model-based tests (vitest)', () => pnpm(['exec', 'vitest', 'run']));
timed('Production build (site, partner embed, partner demo)', () =>
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
timed('Stories as tests (Storybook, axe, Debian chromium)', () => {
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
    { env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' } },
  );
  const { numTotalTests } = JSON.parse(readFileSync(results, 'utf8'));
  console.log(`\n${numTotalTests} stories tested: each rendered, its play function run, axe clean.`);
});
process.env.E2E_PORT ??= String(await freePort());
timed('End-to-end tests (playwright, Debian chromium)', () =>
  pnpm(['--filter', '@cleanquote/tests', 'exec', 'playwright', 'test']),
);
timed('Storybook build', () => {
  pnpm(['--filter', '@cleanquote/stories', 'run', 'build'], {
    env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' },
  });
  // Designers find a state by who meets it: every story sits under one of the four groups.
  const index = JSON.parse(
    readFileSync(new URL('../stories/storybook-static/index.json', import.meta.url), 'utf8'),
  );
  const stories = Object.values(index.entries).filter((entry) => entry.type === 'story');
  const groups = new Map(STORY_GROUPS.map((group) => [group, 0]));
  for (const { title } of stories) {
    const group = title.split('/')[0];
    if (!groups.has(group))
      throw new Error(`Story '${title}' is outside the groups ${STORY_GROUPS.join(', ')}.`);
    groups.set(group, groups.get(group) + 1);
  }
  const counts = [...groups].map(([group, count]) => `${group} ${count}`).join(', ');
  console.log(`\nStorybook lists ${stories.length} stories: ${counts}.`);
});

console.log('\n✔ All test steps passed');
for (const [title, ms] of timings) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${title}`);
console.log(`  ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s  in all`);
