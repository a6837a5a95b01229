import { quoteNote } from '@cleanquote/quote-core/staff';
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AuthEnv } from '../../auth/middleware.ts';
import { quoteRequests } from '../../db/schema.ts';
import { parseJsonBody } from '../../lib/validation.ts';
import { actorOf, appendHistory } from './history.ts';

/** POST /api/contact/:id/notes {text}: adds a note to the quote's history; 201 with the entry. */
export async function addNote(c: Context<AuthEnv>) {
  const parsed = await parseJsonBody(c, quoteNote);
  if (!parsed.success) return parsed.response;
  const id = c.req.param('id') ?? '';
  const actor = actorOf(c);
  const entry = await c.var.database.writes.run(async (tx) => {
    const [quote] = await tx
      .select({ id: quoteRequests.id })
      .from(quoteRequests)
      .where(eq(quoteRequests.id, id));
    if (!quote) return undefined;
    return appendHistory(tx, id, actor, new Date(), { kind: 'note', text: parsed.data.text });
  });
  if (!entry) return c.json({ error: 'No quote request with that id.', requestId: c.var.requestId }, 404);
  return c.json(entry, 201);
}
