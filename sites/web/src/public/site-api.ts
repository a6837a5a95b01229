import type { TeamContactInput } from '@cleanquote/quote-core/staff';

/*
 * The public pages' way to the server: Hono's typed client over the API's own public routes
 * (public-client.ts; PublicApi is imported as a type only, so no server code reaches the browser).
 * Paths and bodies are the API's types: a changed route fails the type check here, not in a
 * visitor's form. The client is loaded with the first message or sign-up, not with the page (pages
 * would carry 1.6 kB gzip more), and it is the chunk of Hono's client the admin loads too.
 */

/** The body of POST /api/team-contact: the dialog's fields and its recipient. */
export type TeamContactFields = TeamContactInput;

/** A non-success answer: 'status: body text', or the status text when the body is empty. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

function loadClient() {
  return import('./public-client.ts').then((module) => module.publicApi);
}

let client: ReturnType<typeof loadClient> | undefined;

/** The typed client, loaded once; a failed load (the visitor went offline) is tried again next time. */
function publicApi(): ReturnType<typeof loadClient> {
  client ??= loadClient().catch((error: unknown) => {
    client = undefined;
    throw error;
  });
  return client;
}

/** Throws an {@link ApiError} for any non-success answer. */
async function succeeded(call: Promise<Response>): Promise<void> {
  const response = await call;
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`);
  }
}

/** Sends a contact-dialog message (201 on success). Throws {@link ApiError} or a network error. */
export async function postTeamContact(fields: TeamContactFields): Promise<void> {
  await succeeded((await publicApi())['team-contact'].$post({ json: fields }));
}

/** Signs an address up for the newsletter (any ok answer is success). */
export async function postNewsletterSignUp(email: string): Promise<void> {
  await succeeded((await publicApi()).newsletter.$post({ json: { email } }));
}
