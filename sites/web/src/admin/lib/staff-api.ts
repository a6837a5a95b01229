import type { StaffApi } from '@cleanquote/api/staff-api';
import { type ClientResponse, hc, type InferResponseType } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';

/*
 * The admin's one way to the server: Hono's typed client over the API's own routes (StaffApi is
 * imported as a type only, so no server code reaches the browser). Paths, query names, bodies and
 * answers are the API's types: a changed route fails the type check here, not on a screen.
 */

/** A non-success answer of a staff call. */
export class StaffApiError extends Error {
  constructor(
    /** The HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    message: string,
    /** Per-field messages of a 400 or 409, keyed by the request's field names. */
    readonly fields: Readonly<Record<string, string>> = {},
    /** True when the quote dashboard must be unlocked first (403 {locked: true}). */
    readonly locked = false,
  ) {
    super(message);
    this.name = 'StaffApiError';
  }
}

const unreachable = 'The server could not be reached. Check the connection and try again.';

/** Every call sends the session cookie and asks for JSON; a network failure becomes a StaffApiError. */
const staffFetch: typeof fetch = async (input, init) => {
  try {
    return await fetch(input, { ...init, credentials: 'same-origin' });
  } catch {
    throw new StaffApiError(0, unreachable);
  }
};

/** The typed client of every staff route under /api (e.g. `staffApi.contact[':id'].$get(...)`). */
export const staffApi = hc<StaffApi>(
  typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
  {
    fetch: staffFetch,
    headers: { Accept: 'application/json' },
  },
).api;

/** The body a call answers on success (any 2xx), from the API's own types. */
export type Answer<Call> = InferResponseType<Call, SuccessStatusCode>;

type SuccessBody<R> =
  R extends ClientResponse<infer Body, infer Status, 'json'>
    ? Status extends SuccessStatusCode
      ? Body
      : never
    : never;

/**
 * Waits for a call and returns its success body with the response (for headers such as Link); any
 * other status throws a {@link StaffApiError} with the server's message and per-field messages.
 */
export async function answerWithResponse<R extends ClientResponse<unknown, number, string>>(
  call: Promise<R>,
): Promise<{ body: SuccessBody<R>; response: R }> {
  const response = await call;
  const body = (await response.json().catch(() => null)) as {
    error?: unknown;
    fields?: unknown;
    locked?: unknown;
  } | null;
  if (!response.ok) {
    const message =
      typeof body?.error === 'string' ? body.error : `${response.status}: ${response.statusText}`;
    const fields =
      body && typeof body.fields === 'object' && body.fields !== null
        ? (body.fields as Record<string, string>)
        : {};
    throw new StaffApiError(response.status, message, fields, body?.locked === true);
  }
  return { body: body as SuccessBody<R>, response };
}

/** Waits for a call and returns its success body; any other status throws a {@link StaffApiError}. */
export async function answer<R extends ClientResponse<unknown, number, string>>(
  call: Promise<R>,
): Promise<SuccessBody<R>> {
  return (await answerWithResponse(call)).body;
}

/**
 * Waits for a call and returns its success body, or null when the server answers 404: for a thing
 * that may not exist (a quote's link mistyped, a webhook or priced quote not made yet), which is an
 * answer, not a failure. Any other status throws a {@link StaffApiError}.
 */
export async function answerOrNull<R extends ClientResponse<unknown, number, string>>(
  call: Promise<R>,
): Promise<SuccessBody<R> | null> {
  try {
    return await answer(call);
  } catch (error) {
    if (error instanceof StaffApiError && error.status === 404) return null;
    throw error;
  }
}

/** The `before` cursor of the next page from a Link rel="next" header, or null on the last page. */
export function nextPageCursor(response: { headers: Headers }): string | null {
  const next = /<([^>]+)>;\s*rel="?next"?/.exec(response.headers.get('Link') ?? '')?.[1];
  return next ? new URL(next, 'http://localhost').searchParams.get('before') : null;
}
