import type { Context } from 'hono';

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
