import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium.ts';
import { e2eAdmin } from './support/e2e-admin.ts';

// scripts/test.mjs picks a free port; the config is evaluated again in every worker, so the port and
// the database must come from the environment rather than be chosen here.
const port = Number(process.env.E2E_PORT ?? 4173);
process.env.E2E_DATABASE_URL ??= `file:${join(mkdtempSync(join(tmpdir(), 'cleanquote-e2e-')), 'e2e.db')}`;
const repositoryRoot = resolve(import.meta.dirname, '..');

export default defineConfig({
  testDir: './e2e',
  forbidOnly: Boolean(process.env.CI),
  fullyParallel: true,
  // Three workers on two cores: the run is mostly CPU-bound, but some tests wait on real time (a
  // Retry-After, a webhook's retries, a server restarting) and a third worker fills those waits and
  // the last files' tail. Measured on the whole suite here: 2 workers 441 s, 3 workers 415 s,
  // 4 workers 424 s.
  workers: 3,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    // A failed test keeps its steps, console, network and a screenshot of the end. Recording a DOM
    // snapshot and screenshot at every action for every test made the suite about a third slower,
    // to be thrown away for every test that passes.
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions } },
  ],
  webServer: {
    // The built app, exactly as `npm start` serves it (scripts/test.mjs builds it first).
    command: 'node --import tsx api/src/server.ts',
    cwd: repositoryRoot,
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATABASE_URL: process.env.E2E_DATABASE_URL,
      LOG_LEVEL: 'warn',
      // Specs read stored quotes as this admin (GET /api/contact).
      ADMIN_EMAIL: e2eAdmin.email,
      ADMIN_PASSWORD: e2eAdmin.password,
    },
  },
});
