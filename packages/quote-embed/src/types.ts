/**
 * TypeScript declarations of `<cleanquote-wizard>` for partner sites (PROTOCOL.md): its attributes,
 * its events and their payloads, and its place in `HTMLElementTagNameMap`, `HTMLElementEventMap` and
 * React 19's JSX. Type-only: importing this file adds no code.
 *
 * @example
 * ```ts
 * import type {} from '@cleanquote/quote-embed/types';
 * const wizard = document.querySelector('cleanquote-wizard');
 * wizard?.addEventListener('cq-submitted', (event) => console.log(event.detail.reference));
 * ```
 *
 * @packageDocumentation
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

/** Colour scheme: 'auto' follows the visitor's system setting. */
export type CleanQuoteTheme = 'light' | 'dark' | 'auto';

/** `cq-ready`: the wizard is on screen and answers taps. */
export interface CqReadyDetail {
  /** The exact version of the embed that rendered it ('1.0.0'). */
  readonly version: string;
}

/** `cq-step-change`: once when the wizard appears, then whenever the visitor lands on another step. */
export interface CqStepChangeDetail {
  /** The step on screen ('service-type', 'timing', …), or 'submitted' for the thank-you panel. */
  readonly stepId: string;
  /** 0-based position of the step. */
  readonly stepIndex: number;
  /** Steps in the visitor's current plan (it changes with the service chosen). */
  readonly stepCount: number;
}

/** `cq-resize`: the element's height changed (px). */
export interface CqResizeDetail {
  readonly height: number;
}

/** `cq-submitted`: the business acknowledged the quote request. */
export interface CqSubmittedDetail {
  /** The quote's reference ('CQ-7KX4M2QH'), also shown to the visitor. */
  readonly reference: string;
  /**
   * Your own reference the quote was sent with (the element's `partner-ref`, trimmed), or null when
   * it was sent without one (no `partner-ref`, no `partner-key`, or a value that breaks its rules).
   */
  readonly partnerRef: string | null;
}

/** `cq-error`: a submission attempt failed; the wizard shows the message. */
export interface CqErrorDetail {
  readonly message: string;
  /** Whether trying again may succeed. A refusal (e.g. a site not allowed to use the key) is not. */
  readonly retryable: boolean;
}

/** Every event of the element, by name. Each is a `CustomEvent` that bubbles and is composed. */
export interface CleanQuoteWizardEventMap {
  'cq-ready': CustomEvent<CqReadyDetail>;
  'cq-step-change': CustomEvent<CqStepChangeDetail>;
  'cq-resize': CustomEvent<CqResizeDetail>;
  'cq-submitted': CustomEvent<CqSubmittedDetail>;
  'cq-error': CustomEvent<CqErrorDetail>;
}

/** The attributes the element reads (all optional). */
export interface CleanQuoteWizardAttributes {
  /** A service to pre-select: a service-card slug ('end-of-lease', 'oven-clean', …) or a service id. */
  service?: string;
  /** A suburb slug: the address starts as 'Box Hill, VIC' for 'box-hill'. */
  suburb?: string;
  /** The partner key staff gave you: attributes each quote to your site. */
  'partner-key'?: string;
  /**
   * Your own reference for the quotes sent from this element (a case-management system's client id,
   * 'case-123'): 1 to 100 visible characters on one line, sent only with `partner-key`. Staff see it
   * beside the quote's source; `cq-submitted` and your webhooks carry it back as `partnerRef`.
   */
  'partner-ref'?: string;
  /** Where the CleanQuote API lives; default: the origin the script came from. */
  'api-base'?: string;
  /** 'light' (default), 'dark' or 'auto'. */
  theme?: CleanQuoteTheme;
  /** Go to this page after a submission (with `?reference=`); without it a thank-you panel shows in place. */
  'success-url'?: string;
  /** Names the wizard's form and regions (default: its service), so several on one page stay distinct. */
  'aria-label'?: string;
  /** A CSP nonce for the element's `<style>`, used only where constructable stylesheets are missing. */
  nonce?: string;
}

/** The `<cleanquote-wizard>` element. */
export interface CleanQuoteWizardElement extends HTMLElement {
  addEventListener<K extends keyof CleanQuoteWizardEventMap>(
    type: K,
    listener: (this: CleanQuoteWizardElement, event: CleanQuoteWizardEventMap[K]) => void,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void;
  removeEventListener<K extends keyof CleanQuoteWizardEventMap>(
    type: K,
    listener: (this: CleanQuoteWizardElement, event: CleanQuoteWizardEventMap[K]) => void,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | EventListenerOptions,
  ): void;
}

/**
 * React 19 props of the element: the attributes, and a listener per event (`oncq-submitted`; React 19
 * adds listeners for `on…` props of custom elements, the event name kept as written).
 */
export interface CleanQuoteWizardReactProps
  extends CleanQuoteWizardAttributes,
    Omit<DetailedHTMLProps<HTMLAttributes<CleanQuoteWizardElement>, CleanQuoteWizardElement>, 'nonce'> {
  'oncq-ready'?: (event: CustomEvent<CqReadyDetail>) => void;
  'oncq-step-change'?: (event: CustomEvent<CqStepChangeDetail>) => void;
  'oncq-resize'?: (event: CustomEvent<CqResizeDetail>) => void;
  'oncq-submitted'?: (event: CustomEvent<CqSubmittedDetail>) => void;
  'oncq-error'?: (event: CustomEvent<CqErrorDetail>) => void;
}

declare global {
  interface HTMLElementTagNameMap {
    'cleanquote-wizard': CleanQuoteWizardElement;
  }
  // Events bubble and are composed, so a listener on any ancestor (or document) is typed too.
  interface HTMLElementEventMap extends CleanQuoteWizardEventMap {}
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'cleanquote-wizard': CleanQuoteWizardReactProps;
    }
  }
}
