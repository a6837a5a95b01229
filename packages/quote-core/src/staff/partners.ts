import { z } from 'zod';
import { requiredText } from './text-fields.ts';

/** A partner key: a short slug the embed sends as X-Partner-Key, e.g. `northside-support`. */
export const PARTNER_KEY_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** The longest partner origin staff may list: a real site's origin is far shorter. */
export const PARTNER_ORIGIN_MAX_LENGTH = 200;

/**
 * An origin as browsers send it: an http or https scheme, a host and a port only
 * (https://agency.example), at most {@link PARTNER_ORIGIN_MAX_LENGTH} characters; one trailing slash
 * is forgiven. The message quotes what was typed only when it is short enough to read.
 */
export const partnerOrigin = z.string().transform((value, ctx) => {
  const text = value.trim().replace(/\/+$/, '');
  if (text.length > PARTNER_ORIGIN_MAX_LENGTH) {
    ctx.issues.push({
      code: 'custom',
      message: `An origin is at most ${PARTNER_ORIGIN_MAX_LENGTH} characters, like https://agency.example`,
      input: value,
    });
    return z.NEVER;
  }
  try {
    const url = new URL(text);
    if (/^https?:$/.test(url.protocol) && url.origin === text) return url.origin;
  } catch {
    // Reported below.
  }
  ctx.issues.push({
    code: 'custom',
    message: `"${text}" is not an origin like https://agency.example`,
    input: value,
  });
  return z.NEVER;
});

const partnerOrigins = z
  .array(partnerOrigin, { error: 'List the sites allowed to use the key' })
  .min(1, 'List at least one site allowed to use the key')
  .max(20, 'At most 20 sites');

/** POST /api/partners: a new partner site, its key and the sites allowed to use it. */
export const newPartner = z.object({
  name: requiredText(100, 'Please enter the partner’s name', { label: 'The name' }),
  key: z
    .string({ error: 'Please enter a key' })
    .trim()
    .regex(
      PARTNER_KEY_PATTERN,
      'Use lower-case letters, digits and hyphens (at most 64), starting with a letter or digit',
    ),
  origins: partnerOrigins,
});
/** A new partner as a form or client sends it. */
export type NewPartnerInput = z.input<typeof newPartner>;
/** A new partner as the API reads it (origins normalised). */
export type NewPartner = z.output<typeof newPartner>;

/** PATCH /api/partners/:key: any of a new name, new origins, disabled or enabled again. */
export const partnerChange = z.object({
  name: requiredText(100, 'Please enter the partner’s name', { label: 'The name' }).optional(),
  origins: partnerOrigins.optional(),
  enabled: z.boolean({ error: 'enabled is true or false' }).optional(),
});
/** A partner change as a form or client sends it. */
export type PartnerChangeInput = z.input<typeof partnerChange>;
/** A partner change as the API reads it. */
export type PartnerChange = z.output<typeof partnerChange>;
