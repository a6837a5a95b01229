/**
 * What the loader (a small classic script) and the wizard's chunk (loaded with `import()` once an
 * element comes near the viewport) agree on. Both are built from this repository at the same version,
 * so this is an internal seam, not part of the public protocol.
 */
import type { CleanQuoteTheme } from './types.ts';

/** Everything an element's attributes say, resolved by the loader. */
export interface EmbedOptions {
  readonly service: string | undefined;
  readonly suburb: string | undefined;
  readonly partnerKey: string | undefined;
  /** The element's `partner-ref` as written (checked by the chunk before it is sent). */
  readonly partnerRef: string | undefined;
  /** The API's origin (and optional path prefix), without a trailing slash. */
  readonly apiBase: string;
  readonly theme: CleanQuoteTheme;
  readonly successUrl: string | undefined;
  /** The element's `aria-label`, when it has one. */
  readonly ariaLabel: string | undefined;
  /** The CSP nonce for the `<style>` fallback. */
  readonly nonce: string | undefined;
  /** Keeps this element's draft apart from other elements' on the page (its id, or its position). */
  readonly instance: string;
}

/** One mounted wizard. */
export interface EmbedHandle {
  /** Attributes changed: applied at once, but service and suburb only while the wizard is untouched. */
  update(options: EmbedOptions): void;
  /** The element left the page: stops the wizard's actor and frees everything it held. */
  unmount(): void;
}

/** The chunk's one export. */
export type MountEmbed = (host: HTMLElement, shadowRoot: ShadowRoot, options: EmbedOptions) => EmbedHandle;

/** The shape of the chunk module. */
export interface EmbedChunk {
  readonly mount: MountEmbed;
}
