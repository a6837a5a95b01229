import { defineConfig } from 'vitest/config';
import { adminScreenPagesOf } from './sites/web/src/admin-screens.ts';

// Every Vitest test in the workspace, in two projects; tests sit next to the code they test.
// - unit: needs no server process, SMTP server, child process, listening socket or large seed
//   (`npm run test:fast` runs these).
// - integration: `*.integration.test.ts`, the tests that need one of those.
// `npm test` runs both, together. Component tests opt into a DOM with a
// `// @vitest-environment happy-dom` comment.
const TEST_FILES = [
  'packages/*/src/**/*.test.{ts,tsx}',
  'api/src/**/*.test.{ts,tsx}',
  'sites/*/src/**/*.test.{ts,tsx}',
];
const INTEGRATION_TEST_FILES = TEST_FILES.map((pattern) => pattern.replace('*.test.', '*.integration.test.'));

export default defineConfig({
  // What sites/web/vite.config.ts inlines for the site's builds (admin-screen-titles.ts).
  define: { __ADMIN_SCREEN_PAGES__: JSON.stringify(adminScreenPagesOf()) },
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Vitest's default on a 2-core machine is one worker, so files ran one after another; most of a
    // test's time here is spent waiting (SQLite writes, sockets, timers), not computing, so three
    // files run at once.
    maxWorkers: 3,
    // A worker keeps the modules it loaded from one test file to the next: loading them again for
    // every file was half the run. Tests therefore keep no state in modules (each builds its own
    // database, server and clock) and restore what they change in the environment.
    isolate: false,
    projects: [
      { extends: true, test: { name: 'unit', include: TEST_FILES, exclude: INTEGRATION_TEST_FILES } },
      { extends: true, test: { name: 'integration', include: INTEGRATION_TEST_FILES } },
    ],
  },
});
