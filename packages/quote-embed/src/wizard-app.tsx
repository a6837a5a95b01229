/**
 * The wizard's chunk: renders `<QuoteWizard/>` from @cleanquote/quote-wizard — the same machine and the
 * same step components as the main site — inside an element's shadow root, and turns its callbacks
 * into the element's events (PROTOCOL.md). Written against React's API; the embed build aliases it
 * to preact/compat (docs/decisions/0014-embed-renderer-and-build.md).
 */

import shadowCss from 'virtual:cleanquote-shadow-css';
import { business } from '@cleanquote/content';
import { readPartnerRef, SERVICE_OPTIONS, serviceFromSlug } from '@cleanquote/quote-core';
import {
  browserDraftStorage,
  createFetchSubmitQuote,
  type DraftStorage,
  QuoteWizard,
  type QuoteWizardStepChange,
  type SubmitQuoteFunction,
} from '@cleanquote/quote-wizard';
import { useLayoutEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { EmbedHandle, EmbedOptions, MountEmbed } from './embed-contract.ts';

// Replaced by the build with the package version.
declare const __CQ_VERSION__: string;

// The call button of the thank-you panel and of a refusal (the site's /thank-you is not shown here).
const CALL_BUTTON = (
  <a className="cq-button cq-button--secondary cq-call" href={business.phoneHref} part="button call">
    {`Call ${business.phone}`}
  </a>
);

/** Each element keeps its own draft: two wizards on one page never overwrite each other's answers. */
function instanceStorage(instance: string): DraftStorage | null {
  const storage = browserDraftStorage();
  if (!storage) return null;
  const key = (name: string) => `${name}:${instance}`;
  return {
    getItem: (name) => storage.getItem(key(name)),
    setItem: (name, value) => storage.setItem(key(name), value),
    removeItem: (name) => storage.removeItem(key(name)),
  };
}

/** The name added to the wizard's landmarks: the element's aria-label, else its service's name. */
function labelFor(options: EmbedOptions): string | undefined {
  if (options.ariaLabel) return options.ariaLabel;
  const service = serviceFromSlug(options.service);
  return SERVICE_OPTIONS.find((option) => option.id === service)?.label;
}

function emit(host: HTMLElement, type: string, detail: unknown): void {
  host.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
}

/**
 * The partner's reference to send with the quote (`partner-ref`, checked by the API's own rule), or
 * why it is left out. A bad value never holds a visitor's quote back: the visitor cannot mend the
 * page's attribute, so the quote goes without it and the page's developer reads why on the console.
 */
function partnerRefOf(options: EmbedOptions): { partnerRef?: string; warning?: string } {
  if (options.partnerRef === undefined) return {};
  const left = 'so quotes from this element are sent without it (PROTOCOL.md, partner-ref).';
  if (!options.partnerKey) {
    return { warning: `<cleanquote-wizard>: partner-ref is sent only with partner-key, ${left}` };
  }
  const checked = readPartnerRef(options.partnerRef);
  if (checked.ok) return { partnerRef: checked.partnerRef };
  return {
    warning: `<cleanquote-wizard>: partner-ref ${JSON.stringify(options.partnerRef)} is not valid (${checked.message}), ${left}`,
  };
}

/** Where the visitor goes after a submission when the page asked for it (`success-url`). */
function successLocation(successUrl: string, reference: string): string {
  const url = new URL(successUrl, location.href);
  url.searchParams.set('reference', reference);
  return url.href;
}

/**
 * Why this page may not send quotes, from GET /api/partner-status, or undefined when it may (or the
 * API cannot be asked). A refused site's submission gets no CORS headers, so the browser hides the
 * API's 403 from the page; this public answer can be read from any origin.
 */
async function refusal(
  options: EmbedOptions,
  signal: AbortSignal | null | undefined,
): Promise<string | undefined> {
  const base = options.apiBase.replace(/\/+$/, '');
  const key = options.partnerKey ? `?key=${encodeURIComponent(options.partnerKey)}` : '';
  try {
    const response = await fetch(`${base}/api/partner-status${key}`, {
      credentials: 'omit',
      signal: signal ?? null,
    });
    const status = (await response.json()) as { accepting?: unknown; message?: unknown };
    return status.accepting === false && typeof status.message === 'string' ? status.message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether sending the same request again may succeed, from the last answer's status: not after a
 * refusal (400, 403, 422…), where only calling helps; yes after a network failure, 408, 429 or 5xx.
 */
function retryableAfter(status: number | undefined): boolean {
  return status === undefined || status < 400 || status >= 500 || status === 408 || status === 429;
}

interface EmbeddedWizardProps {
  readonly host: HTMLElement;
  readonly options: EmbedOptions;
  /** Remounts the wizard (a new pre-fill) while the visitor has not answered anything. */
  readonly generation: number;
  readonly onStep: (change: QuoteWizardStepChange) => void;
}

function EmbeddedWizard({ host, options, generation, onStep }: EmbeddedWizardProps) {
  const latest = useRef(options);
  latest.current = options;
  const storage = useRef<DraftStorage | null | undefined>(undefined);
  storage.current ??= instanceStorage(options.instance);

  // Before the wizard's own effects (its first cq-step-change): the page hears 'ready' first.
  useLayoutEffect(() => {
    emit(host, 'cq-ready', { version: __CQ_VERSION__ });
  }, [host]);

  // The default submission, noting each answer's status so a refusal can be told from an outage.
  const lastStatus = useRef<number | undefined>(undefined);
  const [refused, setRefused] = useState(false);
  // The reference the last submission carried: `cq-submitted` reports what the business recorded.
  const sentPartnerRef = useRef<string | undefined>(undefined);
  const submitQuote = useRef<SubmitQuoteFunction>((submission, init) => {
    lastStatus.current = undefined;
    sentPartnerRef.current = partnerRefOf(latest.current).partnerRef;
    return createFetchSubmitQuote({
      apiBaseUrl: latest.current.apiBase,
      fetch: async (input, request) => {
        try {
          const response = await fetch(input, request);
          lastStatus.current = response.status;
          return response;
        } catch (error) {
          // No readable answer: an outage, or a site the API refuses. Only the latter is a 403.
          const message = request?.signal?.aborted
            ? undefined
            : await refusal(latest.current, request?.signal);
          if (message === undefined) throw error;
          lastStatus.current = 403;
          return new Response(JSON.stringify({ error: message }), { status: 403 });
        }
      },
    })({ ...submission, partnerRef: sentPartnerRef.current }, init);
  });

  return (
    // After a refusal the wizard's 'Try again' is hidden (embed.css): only the call button can help.
    <div data-cq-refused={refused ? 'true' : undefined}>
      <QuoteWizard
        key={generation}
        service={options.service}
        suburb={options.suburb}
        partnerKey={options.partnerKey}
        apiBaseUrl={options.apiBase}
        theme={options.theme}
        label={labelFor(options)}
        contact={CALL_BUTTON}
        storage={storage.current}
        submitQuote={submitQuote.current}
        onStepChange={(change) => {
          onStep(change);
          emit(host, 'cq-step-change', {
            stepId: change.step,
            stepIndex: change.stepNumber - 1,
            stepCount: change.stepCount,
          });
        }}
        onSubmitted={({ reference }) => {
          setRefused(false);
          emit(host, 'cq-submitted', { reference, partnerRef: sentPartnerRef.current ?? null });
          const { successUrl } = latest.current;
          if (successUrl) location.assign(successLocation(successUrl, reference));
        }}
        onError={({ message }) => {
          const retryable = retryableAfter(lastStatus.current);
          setRefused(!retryable);
          emit(host, 'cq-error', { message, retryable });
        }}
      />
    </div>
  );
}

/** Styles inside the shadow root only: a constructable stylesheet, or a `<style nonce>` where missing. */
function adoptStyles(shadowRoot: ShadowRoot, nonce: string | undefined): HTMLStyleElement | undefined {
  if ('adoptedStyleSheets' in shadowRoot && 'replaceSync' in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(shadowCss);
    shadowRoot.adoptedStyleSheets = [sheet];
    return undefined;
  }
  const style = document.createElement('style');
  if (nonce) style.nonce = nonce;
  style.textContent = shadowCss;
  return style;
}

/** Renders the wizard into `shadowRoot` (replacing the fallback slot) and reports through `host`. */
export const mount: MountEmbed = (host, shadowRoot, initial): EmbedHandle => {
  const container = document.createElement('div');
  container.className = 'cq-embed';
  const style = adoptStyles(shadowRoot, initial.nonce);
  shadowRoot.replaceChildren(...(style ? [style] : []), container);

  // Once the visitor answered anything, attribute changes never reset the wizard.
  let touched = false;
  const markTouched = () => {
    touched = true;
  };
  container.addEventListener('input', markTouched);
  container.addEventListener('change', markTouched);

  let height = -1;
  const resizeObserver =
    typeof ResizeObserver === 'undefined'
      ? undefined
      : new ResizeObserver(() => {
          const next = Math.ceil(container.getBoundingClientRect().height);
          if (next === height) return;
          height = next;
          emit(host, 'cq-resize', { height });
        });
  resizeObserver?.observe(container);

  // Each new problem with partner-ref is reported once, when the element shows or the attribute changes.
  let warned: string | undefined;
  const checkPartnerRef = (next: EmbedOptions) => {
    const { warning } = partnerRefOf(next);
    if (warning !== undefined && warning !== warned) console.warn(warning);
    warned = warning;
  };
  checkPartnerRef(initial);

  const root = createRoot(container);
  let options = initial;
  let generation = 0;
  const onStep = (change: QuoteWizardStepChange) => {
    // A restored draft past the first step is the visitor's answers too.
    if (change.stepNumber > 1) touched = true;
  };
  const render = () =>
    root.render(<EmbeddedWizard host={host} options={options} generation={generation} onStep={onStep} />);
  render();

  return {
    update(next) {
      checkPartnerRef(next);
      const prefillChanged = next.service !== options.service || next.suburb !== options.suburb;
      // In use: keep every answer (and the pre-fill it started from); the rest applies at once.
      options = touched ? { ...next, service: options.service, suburb: options.suburb } : next;
      if (prefillChanged && !touched) generation += 1;
      render();
    },
    unmount() {
      root.unmount();
      resizeObserver?.disconnect();
      container.removeEventListener('input', markTouched);
      container.removeEventListener('change', markTouched);
      shadowRoot.replaceChildren(document.createElement('slot'));
      if ('adoptedStyleSheets' in shadowRoot) shadowRoot.adoptedStyleSheets = [];
    },
  };
};
