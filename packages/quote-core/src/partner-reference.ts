/**
 * A partner's own reference for a quote (a case-management system's client id, 'case-123'): set by
 * the partner's page on `<cleanquote-wizard partner-ref>`, sent as `partnerRef` beside the request,
 * stored on the quote and shown to staff, and given back to the partner with every event about the
 * quote. It is not one of the visitor's answers: the wizard never asks for it. One rule for the
 * element and the API, built on the shared text rule (text-rules.ts): one line, trimmed of invisible
 * characters at either end, with at least one visible character, at most
 * {@link PARTNER_REF_MAX_LENGTH} characters.
 */
import { textProblem, trimText } from './text-rules.ts';

/** The longest partner reference, in characters (UTF-16 code units, as every text limit counts). */
export const PARTNER_REF_MAX_LENGTH = 100;

/** The outcome of {@link readPartnerRef}: the reference as stored, or what is wrong with it. */
export type PartnerRefResult =
  | { readonly ok: true; readonly partnerRef: string }
  | { readonly ok: false; readonly message: string };

/**
 * Checks a partner reference and returns it as it is stored (invisible characters at either end
 * trimmed), or a message naming `partnerRef` that says what is wrong.
 *
 * @example
 * ```ts
 * readPartnerRef(' case-123 '); // { ok: true, partnerRef: 'case-123' }
 * readPartnerRef('\u200b');     // { ok: false, message: 'partnerRef needs 1 to 100 visible characters' }
 * ```
 */
export function readPartnerRef(value: unknown): PartnerRefResult {
  const range = `1 to ${PARTNER_REF_MAX_LENGTH} visible characters`;
  if (typeof value !== 'string') return { ok: false, message: `partnerRef must be text of ${range}` };
  const problem = textProblem(value);
  if (problem !== null) return { ok: false, message: `partnerRef ${problem}` };
  const partnerRef = trimText(value);
  if (partnerRef === '' || partnerRef.length > PARTNER_REF_MAX_LENGTH) {
    return { ok: false, message: `partnerRef needs ${range}` };
  }
  return { ok: true, partnerRef };
}
