import { defineConfig } from 'vitest/config';

// One Vitest run for every unit test in the workspace; tests sit next to the code they test.
// Component tests opt into a DOM with a `// @vitest-environment happy-dom` comment.
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.{ts,tsx}', 'api/src/**/*.test.ts', 'sites/*/src/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
