/**
 * The quote request contract as a zod schema, for the server: the body of POST /api/service-form.
 * It is a thin wrapper around {@link parseQuoteRequest} (plain TypeScript, `server.ts`), which runs
 * the wizard's own rules, so the API and the wizard share one rule set while the browser bundle
 * carries no zod. Nothing the machine imports may import this module.
 */
import * as z from 'zod/mini';
import type { QuoteRequest } from './quote-request-rules.ts';
import { parseQuoteRequest } from './server.ts';

/**
 * The submission body, validated exactly as {@link parseQuoteRequest} does (same issues, same paths;
 * body-level problems at `[]`), with the parsed {@link QuoteRequest} as output.
 */
export const quoteRequestSchema = z.transform((body: unknown, ctx): QuoteRequest => {
  const result = parseQuoteRequest(body);
  if (result.success) return result.data;
  for (const { path, message } of result.issues)
    ctx.issues.push({ code: 'custom', message, path, input: body });
  return z.NEVER;
});
