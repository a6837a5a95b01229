// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryDraftStorage, draftStorageKey } from './draft-storage.ts';
import { QuoteWizard } from './quote-wizard.tsx';

afterEach(cleanup);

const draft = {
  version: 1,
  stepIndex: 1,
  idempotencyKey: 'draft-key-12345678',
  answers: { serviceType: 'oven-clean', ovenType: '60cm-oven' },
};

describe('server rendering', () => {
  it('renders the first step without touching storage, the same way every time', () => {
    const storage = createMemoryDraftStorage({ [draftStorageKey()]: JSON.stringify(draft) });
    const getItem = vi.spyOn(storage, 'getItem');
    const first = renderToString(<QuoteWizard storage={storage} service="oven-clean" suburb="box-hill" />);
    const second = renderToString(<QuoteWizard storage={storage} service="oven-clean" suburb="box-hill" />);
    expect(first).toBe(second);
    expect(first).toContain('Get Your Cleaning Quote');
    expect(first).toContain('Step 1 of 6');
    expect(getItem).not.toHaveBeenCalled();
    expect(first).not.toContain('data-cq-ready');
  });

  it('hydrates without a mismatch, then restores the stored draft', async () => {
    const storage = createMemoryDraftStorage({ [draftStorageKey()]: JSON.stringify(draft) });
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<QuoteWizard storage={storage} headingLevel={1} />);
    const recoverable: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => {
      hydrateRoot(container, <QuoteWizard storage={storage} headingLevel={1} />, {
        onRecoverableError: (error) => recoverable.push(error),
      });
    });
    expect(recoverable).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
    expect(await screen.findByRole('heading', { name: 'Tell us about your oven' })).toBeTruthy();
    expect(container.querySelector('.cq-wizard')?.getAttribute('data-cq-ready')).toBe('true');
    expect(document.activeElement).toBe(document.body);
    container.remove();
  });
});
