import * as a11yAnnotations from '@storybook/addon-a11y/preview';
import { setProjectAnnotations } from '@storybook/react-vite';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import * as projectAnnotations from './preview.ts';

setProjectAnnotations([a11yAnnotations, projectAnnotations]);

// A story that logs an error to the console is broken even when it still renders something.
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...message: unknown[]) => {
    consoleErrors.push(message);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  expect(consoleErrors, 'console errors while the story ran').toEqual([]);
});
