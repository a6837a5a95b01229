/**
 * The loader: the one classic script a partner page includes (`<script async src=…/cleanquote-wizard.js>`).
 * It defines `<cleanquote-wizard>` (once, even when the script is included twice) and nothing else:
 * each element gets an open shadow root showing its own light-DOM children (the partner's fallback)
 * until it comes near the viewport; then the wizard's chunk is loaded with `import()` — never a
 * `<script>` or `<link>` added to the page — and renders inside the shadow root.
 */
import type { EmbedChunk, EmbedHandle, EmbedOptions } from './embed-contract.ts';
import type { CleanQuoteTheme } from './types.ts';

// Replaced by the build (scripts/build.ts): the chunk's file name beside this script, and the version.
declare const __CQ_CHUNK__: string;

const TAG = 'cleanquote-wizard';
const OBSERVED = [
  'service',
  'suburb',
  'partner-key',
  'partner-ref',
  'api-base',
  'theme',
  'success-url',
  'aria-label',
  'id',
];
// Start loading a little before the element scrolls into view.
const NEAR_VIEWPORT = '600px 0px';

// Read while the script runs: afterwards document.currentScript is another script or null (and it is
// null for a script loaded as a module, where the tag is found by its file name instead).
const scriptUrl =
  (document.currentScript as HTMLScriptElement | null)?.src ||
  document.querySelector<HTMLScriptElement>('script[src*="/cleanquote-wizard.js"]')?.src ||
  '';

let chunk: Promise<EmbedChunk> | undefined;
function loadChunk(): Promise<EmbedChunk> {
  chunk ??= import(/* @vite-ignore */ new URL(__CQ_CHUNK__, scriptUrl || location.href).href);
  return chunk;
}

function themeOf(value: string | null): CleanQuoteTheme {
  return value === 'dark' || value === 'auto' ? value : 'light';
}

function text(value: string | null): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

class CleanQuoteWizardElement extends HTMLElement {
  static readonly observedAttributes = OBSERVED;
  readonly #shadow: ShadowRoot;
  #handle: EmbedHandle | undefined;
  #observer: IntersectionObserver | undefined;
  #loading = false;

  constructor() {
    super();
    this.#shadow = this.attachShadow({ mode: 'open' });
    // The partner's own content inside the element shows until the wizard renders.
    this.#shadow.append(document.createElement('slot'));
  }

  connectedCallback(): void {
    if (this.#handle || this.#loading) return;
    if (typeof IntersectionObserver === 'undefined') {
      this.#load();
      return;
    }
    this.#observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) this.#load();
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    this.#observer.observe(this);
  }

  disconnectedCallback(): void {
    this.#observer?.disconnect();
    this.#observer = undefined;
    // Moved within the page (removed and inserted in one go): keep the wizard and its answers.
    queueMicrotask(() => {
      if (this.isConnected) return;
      this.#handle?.unmount();
      this.#handle = undefined;
    });
  }

  attributeChangedCallback(): void {
    this.#handle?.update(this.#options());
  }

  #load(): void {
    this.#observer?.disconnect();
    this.#observer = undefined;
    this.#loading = true;
    loadChunk().then(
      ({ mount }) => {
        this.#loading = false;
        if (this.isConnected && !this.#handle) this.#handle = mount(this, this.#shadow, this.#options());
      },
      (error: unknown) => {
        this.#loading = false;
        chunk = undefined;
        // The partner's fallback content stays on screen; tell the page why.
        const message = 'The quote form could not be loaded. Please call us or try again later.';
        this.dispatchEvent(
          new CustomEvent('cq-error', {
            detail: { message, retryable: true },
            bubbles: true,
            composed: true,
          }),
        );
        console.error(error);
      },
    );
  }

  #options(): EmbedOptions {
    const apiBase = text(this.getAttribute('api-base')) ?? (scriptUrl ? new URL(scriptUrl).origin : '');
    const siblings = (this.getRootNode() as Document | ShadowRoot).querySelectorAll?.(TAG);
    return {
      service: text(this.getAttribute('service')),
      suburb: text(this.getAttribute('suburb')),
      partnerKey: text(this.getAttribute('partner-key')),
      // As written: the chunk checks it with the API's own rule and says what is wrong.
      partnerRef: this.getAttribute('partner-ref') ?? undefined,
      apiBase: apiBase.replace(/\/+$/, ''),
      theme: themeOf(this.getAttribute('theme')),
      successUrl: text(this.getAttribute('success-url')),
      ariaLabel: text(this.getAttribute('aria-label')),
      // Browsers hide a nonce attribute's value once the page has a CSP; the property keeps it.
      nonce: this.nonce || text(this.getAttribute('nonce')),
      instance: this.id || String(siblings ? Array.prototype.indexOf.call(siblings, this) : 0),
    };
  }
}

if (!customElements.get(TAG)) customElements.define(TAG, CleanQuoteWizardElement);
