/**
 * The published shape of @cleanquote/quote-wizard: the packed tarball, installed with npm into an app
 * outside the workspace, renders on the server, type-checks in a strict consumer and hydrates in
 * the browser from a Vite bundle with its stylesheet (tests/packaged/).
 */
import { readFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { expect, test } from '@playwright/test';
import { type PackagedApp, preparePackagedApp } from '../packaged/packaged-app.ts';

test.describe.configure({ mode: 'serial' });

let app: PackagedApp;

test.beforeAll(() => {
  test.setTimeout(180_000);
  app = preparePackagedApp();
});

test('the tarball holds only the build, with an exports map, types and React as a peer', () => {
  const manifest = app.publishedManifest;
  expect(manifest.exports).toEqual({
    '.': { types: './dist/index.d.ts', import: './dist/index.js' },
    './no-script-form': { types: './dist/no-script-form.d.ts', import: './dist/no-script-form.js' },
    './style.css': './dist/style.css',
    './package.json': './package.json',
  });
  expect(manifest.sideEffects).toEqual(['**/*.css']);
  expect(manifest.peerDependencies).toMatchObject({
    react: expect.any(String),
    'react-dom': expect.any(String),
  });
  const dependencies = (manifest.dependencies ?? {}) as Record<string, string>;
  expect(Object.keys(dependencies).sort()).toEqual(['@xstate/react', 'xstate']);
  for (const version of Object.values(dependencies)) expect(version).toMatch(/^\d+\.\d+\.\d+$/);
  expect(app.tarballFiles).toContain('dist/index.js');
  expect(app.tarballFiles).toContain('dist/index.d.ts');
  expect(app.tarballFiles).toContain('dist/no-script-form.js');
  expect(app.tarballFiles).toContain('dist/no-script-form.d.ts');
  expect(app.tarballFiles).toContain('dist/style.css');
  expect(
    app.tarballFiles.filter((file) => file !== 'package.json' && !/^(dist\/|README)/.test(file)),
  ).toEqual([]);
  // The private core is bundled, never imported.
  const bundle = readFileSync(
    join(app.directory, 'node_modules/@cleanquote/quote-wizard/dist/index.js'),
    'utf8',
  );
  expect(bundle).not.toMatch(/(from|import)\s*\(?\s*["']@cleanquote\//);
  // The browser never runs zod: the rules are plain predicates (docs/decisions/0005).
  expect(bundle).not.toMatch(/(from|import)\s*\(?\s*["']zod/);
  expect(bundle).toContain('quoteWizardMachine');
});

test('renders on the server from the installed tarball', () => {
  expect(app.serverHtml).toContain('<h1 class="cq-wizard__title"');
  expect(app.serverHtml).toContain('Get Your Cleaning Quote');
  expect(app.serverHtml).toContain('Just a few quick questions to get you an accurate quote');
  expect(app.serverHtml).toContain('Step 1 of 6');
  expect(app.serverHtml).toMatch(/<input(?=[^>]*value="oven-clean")(?=[^>]*checked="")[^>]*>/);
});

test('its types serve a strict TypeScript consumer', () => {
  expect(app.typeCheckConsumer()).toBe('');
});

test('hydrates in the browser from a Vite bundle, styled, and works', async ({ page }) => {
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
  };
  await page.route('http://partner.test/**', async (route) => {
    const path = new URL(route.request().url()).pathname;
    const file = normalize(join(app.clientDirectory, path === '/' ? 'index.html' : path));
    if (!file.startsWith(app.clientDirectory)) return route.fulfill({ status: 404 });
    try {
      await route.fulfill({ body: readFileSync(file), contentType: types[extname(file)] ?? 'text/plain' });
    } catch {
      await route.fulfill({ status: 404 });
    }
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('http://partner.test/');

  const wizard = page.locator('.cq-wizard');
  await expect(page.getByRole('heading', { level: 1, name: 'Get Your Cleaning Quote' })).toBeVisible();
  // The stylesheet arrived through the package's ./style.css export.
  await expect(wizard).toHaveCSS('border-top-left-radius', '12px');
  await expect(page.getByRole('radio', { name: 'Oven Cleaning' })).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Tell us about your oven' })).toBeFocused();
  expect(
    await page.evaluate(() => (window as unknown as { hydrationErrors: string[] }).hydrationErrors),
  ).toEqual([]);
  expect(errors).toEqual([]);
});
