import { defineConfig } from 'vitest/config';
import { adminScreenPagesOf } from './sites/web/src/admin-screens.ts';

// One Vitest run for every unit test in the workspace; tests sit next to the code they test.
// Component tests opt into a DOM with a `// @vitest-environment happy-dom` comment.
export default defineConfig({
  // What sites/web/vite.config.ts inlines for the site's builds (admin-screen-titles.ts).
  define: { __ADMIN_SCREEN_PAGES__: JSON.stringify(adminScreenPagesOf()) },
  test: {
    include: ['packages/*/src/**/*.test.{ts,tsx}', 'api/src/**/*.test.ts', 'sites/*/src/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
