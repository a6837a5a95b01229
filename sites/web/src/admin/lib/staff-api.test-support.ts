import { vi } from 'vitest';

/** A request the stand-in received: 'PUT /api/prices' and its JSON body (undefined without one). */
export interface SentCall {
  call: string;
  body: unknown;
}

/** How the stand-in answers a call: given the request's JSON body. */
export type PreparedAnswer = (body: unknown) => Response | Promise<Response>;

/** The stand-in's answers by 'METHOD /path'; a test may add or replace one at any time. */
export type PreparedAnswers = Record<string, PreparedAnswer>;

/** A JSON answer, as the API gives it. */
export const jsonAnswer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * Puts a stand-in for the staff API in place of fetch, for the admin's component tests: every
 * request is recorded in `sent` and answered by `routes['METHOD /path']`, or 404 with `notFound`
 * when no answer was prepared. Call it in beforeEach; `vi.unstubAllGlobals()` takes it away. The
 * bodies the tests prepare are typed as the API's own answers, and the e2e specs run the same
 * screens against the real server.
 */
export function stubStaffApi(routes: PreparedAnswers = {}, notFound = 'No answer prepared.') {
  const sent: SentCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const call = `${init?.method ?? 'GET'} ${url.pathname}`;
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      sent.push({ call, body });
      return (await routes[call]?.(body)) ?? jsonAnswer(404, { error: notFound });
    }),
  );
  return { routes, sent };
}
