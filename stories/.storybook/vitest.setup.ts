import { afterEach, beforeEach, expect, vi } from 'vitest';

// The addon applies preview.ts and the addons' annotations (axe among them) to every story itself.

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
