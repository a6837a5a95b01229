/**
 * The default way a quote request reaches the business: POST /api/service-form with the
 * idempotency key, a timeout and offline detection. It resolves only with the server's reference;
 * every failure rejects with a message the visitor can read, so the wizard never claims a quote was
 * sent when it was not, and keeps the answers for a retry.
 */
import type { SubmitQuoteInput, SubmitQuoteOutput } from '@cleanquote/quote-core';

/** What a submit function receives: the machine's input plus the host's partner key. */
export interface QuoteSubmission extends SubmitQuoteInput {
  /** The partner site's key, sent as `X-Partner-Key`; absent on the main site. */
  readonly partnerKey?: string | undefined;
  /**
   * The partner's own reference for this quote ('case-123'), already checked (`readPartnerRef` of
   * @cleanquote/quote-core): sent as `partnerRef` beside the request, and only with `partnerKey`.
   */
  readonly partnerRef?: string | undefined;
}

/**
 * Sends one quote request. Resolve with `{ reference }` only once the server acknowledged it; reject
 * with an `Error` whose message the visitor can read. Abort the request when `signal` aborts (the
 * wizard aborts it when it unmounts).
 */
export type SubmitQuoteFunction = (
  submission: QuoteSubmission,
  options: { readonly signal: AbortSignal },
) => Promise<SubmitQuoteOutput>;

/** Options of {@link createFetchSubmitQuote}. */
export interface FetchSubmitQuoteOptions {
  /** Origin (and optional path prefix) of the CleanQuote API; '' for the same origin. */
  readonly apiBaseUrl?: string | undefined;
  /** Give up after this long (default 15 s) and tell the visitor to try again. */
  readonly timeoutMs?: number | undefined;
  /** The fetch to use (tests, stories). Defaults to the global fetch. */
  readonly fetch?: typeof fetch | undefined;
  /** Whether the browser believes it is online. Defaults to `navigator.onLine`. */
  readonly isOnline?: (() => boolean) | undefined;
}

/** Default request timeout. */
export const SUBMIT_TIMEOUT_MS = 15_000;

/** What the visitor reads for each kind of failure. Answers are always kept, so each says so. */
export const SUBMIT_MESSAGES = {
  offline:
    'You appear to be offline. Your answers are saved on this device: check your connection, then try again.',
  timeout: 'Our server took too long to answer. Your answers are saved: please try again.',
  network:
    'We could not reach our server. Your answers are saved: please check your connection and try again.',
  noReference:
    'We could not confirm that your quote request was received. Your answers are saved: please try again.',
  conflict:
    'This quote request was already sent with different answers. Please call us so we can help straight away.',
  invalid: 'Please check your answers',
  server: (status: number) =>
    `Sorry, something went wrong on our side (error ${status}). Your answers are saved: please try again.`,
} as const;

/** A plausible reference ('CQ-7KX4M2QH'): short, letters, digits and hyphens only. */
const REFERENCE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{2,63}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

/** The visitor-facing message for a non-2xx answer (the server's message when it has one). */
export function messageForResponse(status: number, body: unknown): string {
  const serverMessage = isRecord(body) && typeof body.error === 'string' ? body.error.trim() : '';
  if (status === 400 && isRecord(body) && isRecord(body.fields)) {
    const details = Object.values(body.fields).filter(
      (message): message is string => typeof message === 'string' && message.trim() !== '',
    );
    if (details.length > 0) return `${SUBMIT_MESSAGES.invalid}: ${details.join('; ')}.`;
  }
  if (status === 422) return SUBMIT_MESSAGES.conflict;
  if (serverMessage !== '' && status < 500) return serverMessage;
  return SUBMIT_MESSAGES.server(status);
}

function browserIsOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/**
 * The default submit function: `POST {apiBaseUrl}/api/service-form` with the JSON request, the
 * `Idempotency-Key` header and, for partner pages, `X-Partner-Key` (and their `partnerRef` in the body).
 *
 * @example
 * ```tsx
 * <QuoteWizard submitQuote={createFetchSubmitQuote({ apiBaseUrl: 'https://quotes.example.com.au' })} />
 * ```
 */
export function createFetchSubmitQuote(options: FetchSubmitQuoteOptions = {}): SubmitQuoteFunction {
  const base = (options.apiBaseUrl ?? '').replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? SUBMIT_TIMEOUT_MS;
  const isOnline = options.isOnline ?? browserIsOnline;

  return async ({ request, idempotencyKey, partnerKey, partnerRef }, { signal }) => {
    if (!isOnline()) throw new Error(SUBMIT_MESSAGES.offline);
    const doFetch = options.fetch ?? globalThis.fetch;
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'Idempotency-Key': idempotencyKey,
    };
    if (partnerKey) headers['X-Partner-Key'] = partnerKey;

    // One signal that aborts when the caller's does or when the time is up (`AbortSignal.any` would
    // do, but partner pages run older browsers too).
    const controller = new AbortController();
    let timedOut = false;
    const abort = () => controller.abort();
    signal.addEventListener('abort', abort);
    if (signal.aborted) abort();
    const timer = setTimeout(() => {
      timedOut = true;
      abort();
    }, timeoutMs);
    try {
      let response: Response;
      try {
        response = await doFetch(`${base}/api/service-form`, {
          method: 'POST',
          headers,
          body: JSON.stringify(partnerKey && partnerRef ? { ...request, partnerRef } : request),
          signal: controller.signal,
          // The API uses no cookie for submissions; partner pages must not send theirs.
          credentials: base === '' ? 'same-origin' : 'omit',
        });
      } catch (error) {
        if (timedOut) throw new Error(SUBMIT_MESSAGES.timeout);
        if (signal.aborted) throw error;
        throw new Error(isOnline() ? SUBMIT_MESSAGES.network : SUBMIT_MESSAGES.offline);
      }
      const body = await readJson(response);
      if (timedOut) throw new Error(SUBMIT_MESSAGES.timeout);
      if (!response.ok) throw new Error(messageForResponse(response.status, body));
      const reference = isRecord(body) && typeof body.reference === 'string' ? body.reference.trim() : '';
      // Never report success without the server's reference.
      if (!REFERENCE_PATTERN.test(reference)) throw new Error(SUBMIT_MESSAGES.noReference);
      return { reference };
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', abort);
    }
  };
}
