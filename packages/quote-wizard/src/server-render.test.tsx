// @vitest-environment happy-dom
import { emptyAnswers, type QuoteFormState } from '@cleanquote/quote-core';
import { act, cleanup, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryDraftStorage, draftStorageKey } from './draft-storage.ts';
import { QuoteWizard, type QuoteWizardProps } from './quote-wizard.tsx';

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

describe('the form before and without script (docs/decisions/0009)', () => {
  const carpetState: QuoteFormState = {
    answers: {
      ...emptyAnswers(),
      serviceType: 'carpet-clean',
      carpetRoomCounts: { hallways: 2 },
      carpetAreas: ['hallways'],
      address: 'Box Hill, VIC',
    },
    stepIndex: 1,
    idempotencyKey: 'form-key-1234-5678',
    showErrors: false,
  };

  function serverMarkup(props: QuoteWizardProps) {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<QuoteWizard storage={null} {...props} />);
    return container;
  }

  it('posts every answer so far to the host, with Next never disabled', () => {
    const markup = serverMarkup({
      formAction: '/service-form',
      service: 'window-cleaning',
      suburb: 'box-hill',
    });
    const form = markup.querySelector('form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe('/service-form');
    const fields = [...new FormData(form as HTMLFormElement).entries()];
    expect(fields).toEqual([
      ['step', 'service-type'],
      ['address', 'Box Hill, VIC'],
      ['serviceType', 'window-clean'],
    ]);
    const next = [...markup.querySelectorAll('button')].find((button) => button.textContent === 'Next');
    expect(next?.getAttribute('type')).toBe('submit');
    expect(next?.getAttribute('name')).toBe('action');
    expect(next?.getAttribute('value')).toBe('next');
    expect(next?.hasAttribute('disabled')).toBe(false);
    expect(next?.hasAttribute('aria-disabled')).toBe(false);
    // Enter in a field presses the first submit button: a hidden Next, before Back and the counters.
    expect(markup.querySelector('button')?.getAttribute('value')).toBe('next');
  });

  it('renders a state the server decided: its step, the key, and counters that post', () => {
    const markup = serverMarkup({ formAction: '/service-form', formState: carpetState });
    const fields = [...new FormData(markup.querySelector('form') as HTMLFormElement).entries()];
    expect(fields).toEqual([
      ['step', 'standalone-carpet-areas'],
      ['idempotencyKey', 'form-key-1234-5678'],
      ['serviceType', 'carpet-clean'],
      ['carpetRoomCounts.hallways', '2'],
      ['address', 'Box Hill, VIC'],
    ]);
    const add = [...markup.querySelectorAll('button')].find((button) =>
      button.textContent?.includes('Add one hallway'),
    );
    expect(add?.getAttribute('type')).toBe('submit');
    expect(add?.getAttribute('value')).toBe('add:hallways');
    expect(markup.textContent).toContain('Step 2 of 6');
  });

  it('hydrates a refused step with its messages, without a mismatch, and keeps it over a stored draft', async () => {
    const storage = createMemoryDraftStorage({ [draftStorageKey()]: JSON.stringify(draft) });
    const refused: QuoteFormState = {
      ...carpetState,
      answers: { ...carpetState.answers, carpetRoomCounts: {}, carpetAreas: [] },
      showErrors: true,
    };
    const props = { formAction: '/service-form', formState: refused, storage };
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<QuoteWizard {...props} />);
    expect(container.querySelector('.cq-field__error')?.textContent).toBe('Add at least one room');
    const recoverable: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => {
      hydrateRoot(container, <QuoteWizard {...props} />, {
        onRecoverableError: (error) => recoverable.push(error),
      });
    });
    expect(recoverable).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
    expect(container.querySelector('.cq-wizard')?.getAttribute('data-cq-ready')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Which carpeted areas need cleaning?' })).toBeTruthy();
    expect(screen.getByText('Add at least one room', { selector: '.cq-field__error' })).toBeTruthy();
    container.remove();
  });

  it('takes over what was answered before the script ran, so Next acts on what the visitor sees', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<QuoteWizard storage={null} formAction="/service-form" />);
    const card = container.querySelector<HTMLInputElement>('input[value="oven-clean"]');
    if (card) card.checked = true;
    await act(async () => {
      hydrateRoot(container, <QuoteWizard storage={null} formAction="/service-form" />);
    });
    expect((screen.getByRole('radio', { name: /^Oven Cleaning/ }) as HTMLInputElement).checked).toBe(true);
    await act(async () => {
      screen.getByRole('button', { name: 'Next' }).click();
    });
    expect(screen.getByRole('heading', { name: 'Tell us about your oven' })).toBeTruthy();
    container.remove();
  });

  it('takes them over at a submit too, which can come in the very tap that hydrated the wizard', async () => {
    render(<QuoteWizard storage={null} formAction="/service-form" />);
    // The browser changed the field, but no event reached the wizard (as while it was hydrating).
    const card = screen.getByRole('radio', { name: /^Carpet Cleaning/ }) as HTMLInputElement;
    card.checked = true;
    await act(async () => {
      screen.getByRole('button', { name: 'Next' }).click();
    });
    expect(screen.getByRole('heading', { name: 'Which carpeted areas need cleaning?' })).toBeTruthy();
  });
});
