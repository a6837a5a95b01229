import type { Context } from 'hono';

/** A media type that carries JSON: application/json, or a +json type such as application/merge-patch+json. */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** What a body sent under any other Content-Type is told (415). */
export const SEND_AS_JSON = 'Send the request as JSON (Content-Type: application/json).';

/**
 * True when the Content-Type names JSON (parameters such as charset aside). Browsers send the other
 * "simple" types (text/plain, forms) cross-site without a CORS preflight, so routes taking JSON refuse
 * them.
 */
export function isJsonContentType(contentType: string | undefined): boolean {
  return JSON_MEDIA_TYPE.test(contentType?.split(';')[0]?.trim() ?? '');
}

/** The JSON body, or undefined when it is missing or malformed (the caller answers 400). */
export async function readJsonBody(c: Context): Promise<{ ok: true; body: unknown } | { ok: false }> {
  try {
    return { ok: true, body: await c.req.json() };
  } catch {
    return { ok: false };
  }
}

/** The 400 answer every public POST gives for a body it can't accept: each bad field named. */
export function invalidBody(
  c: Context,
  fields: Record<string, string>,
  error = 'Please check the highlighted fields.',
) {
  return c.json({ error, fields, requestId: c.get('requestId') }, 400);
}
