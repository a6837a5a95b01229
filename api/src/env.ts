import { dirname, join, resolve } from 'node:path';
import { PARTNER_KEY_PATTERN } from '@cleanquote/quote-core/staff';
import { z } from 'zod';

/** Repository root: the default database file and the built site are found relative to it. */
export const repositoryRoot = resolve(import.meta.dirname, '..', '..');

const databaseUrl = z
  .string()
  .refine(
    (value) => value === ':memory:' || /^(file:.+|libsql:\/\/.+|https?:\/\/.+|wss?:\/\/.+)$/.test(value),
    {
      message:
        'must be a file: path (file:./data/cleanquote.db), :memory:, or a libsql://, https:// or wss:// URL',
    },
  );

const optionalEmail = z.email().optional();

/** The file of an embedded database; for a server or :memory:, the default database's file. */
function databaseFile(url: string): string {
  return url.startsWith('file:')
    ? resolve(url.slice('file:'.length).replace(/^\/\/(?=\/)/, ''))
    : resolve(repositoryRoot, 'data', 'cleanquote.db');
}

interface PartnerOrigin {
  key: string | undefined;
  origin: string;
}

function partnerKeys(partners: readonly PartnerOrigin[]): ReadonlyMap<string, readonly string[]> {
  const keys = new Map<string, string[]>();
  for (const { key, origin } of partners) {
    if (key === undefined) continue;
    const origins = keys.get(key) ?? [];
    if (!origins.includes(origin)) origins.push(origin);
    keys.set(key, origins);
  }
  return keys;
}

/** A count of mails to one recipient: a whole number from 1 to 10,000. */
const mailsPerRecipient = z.coerce
  .number({ error: 'must be a whole number of mails, e.g. 3' })
  .int('must be a whole number of mails, e.g. 3')
  .min(1, 'must be at least 1 (a customer gets at least the first confirmation)')
  .max(10_000, 'must be at most 10000');

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const SECRETS_KEY_MESSAGE = 'use 32 random bytes in base64, e.g. from `openssl rand -base64 32`';

/** A secrets key: exactly 32 bytes, written in base64. */
function decodeSecretsKey(text: string): Buffer | undefined {
  if (!/^[A-Za-z0-9+/]{43}=$/.test(text)) return undefined;
  const key = Buffer.from(text, 'base64');
  return key.length === 32 ? key : undefined;
}

const secretsKey = z.string().transform((value, context) => {
  const key = decodeSecretsKey(value.trim());
  if (key) return key;
  context.addIssue({ code: 'custom', message: SECRETS_KEY_MESSAGE });
  return z.NEVER;
});

/** The environment variables the server reads; README.md and .env.example document each one. */
const environmentSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    DATABASE_URL: databaseUrl.default(`file:${resolve(repositoryRoot, 'data', 'cleanquote.db')}`),
    DATABASE_AUTH_TOKEN: z.string().optional(),
    // Snapshots of the embedded database (src/backups): meant for another disk or a mounted volume.
    // Unset: `backups` beside the database file (./data/backups for the default database).
    BACKUP_DIR: z.string().optional(),
    BACKUP_RETAIN_HOURLY: z.coerce.number().int().min(1).max(10_000).default(48),
    BACKUP_RETAIN_DAILY: z.coerce.number().int().min(0).max(10_000).default(30),
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    MAIL_FROM: z.string().min(3).default('CleanQuote <quotes@cleanquote.example>'),
    BUSINESS_EMAIL: optionalEmail,
    ADMIN_EMAIL: optionalEmail,
    ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
    QUOTE_DASHBOARD_PASSWORD: z.string().min(1).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SITE_DIST: z.string().default(resolve(repositoryRoot, 'sites', 'web', 'dist')),
    ADMIN_FIRST_NAME: z.string().trim().min(1).max(100).optional(),
    // Mail delivery from the outbox (src/mail/delivery.ts).
    MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(16),
    MAIL_RETRY_BASE_MS: z.coerce.number().int().min(1).default(5_000),
    MAIL_RETRY_MAX_MS: z.coerce.number().int().min(1).default(900_000),
    MAIL_POLL_INTERVAL_MS: z.coerce.number().int().min(10).max(5_000).default(2_000),
    SMTP_CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(1).default(10_000),
    SMTP_GREETING_TIMEOUT_MS: z.coerce.number().int().min(1).default(10_000),
    SMTP_SOCKET_TIMEOUT_MS: z.coerce.number().int().min(1).default(30_000),
    // Partner webhooks (src/webhooks): the first retry waits this long, each next one 4 times longer.
    WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(5_000),
    // Origins (http://127.0.0.1:4000) whose webhook URLs may use plain http and a loopback address:
    // tests and local receivers only. Every other webhook URL is https to a public address.
    WEBHOOK_ALLOWED_HTTP_ORIGINS: z
      .string()
      .default('')
      .transform((value, context) => {
        const origins: string[] = [];
        for (const entry of value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)) {
          try {
            const url = new URL(entry);
            if (!/^https?:$/.test(url.protocol) || url.origin !== entry.replace(/\/+$/, ''))
              throw new Error();
            origins.push(url.origin);
          } catch {
            context.addIssue({
              code: 'custom',
              message: `"${entry}" is not an origin like http://127.0.0.1:4000`,
            });
            return z.NEVER;
          }
        }
        return [...new Set(origins)];
      }),
    // Mail to an address given in a request (a quote's auto-response, a newsletter confirmation):
    // at most this many to one address in any hour and in any 24 hours (src/mail/recipient-limits.ts).
    RECIPIENT_MAIL_LIMIT_HOUR: mailsPerRecipient.default(3),
    RECIPIENT_MAIL_LIMIT_DAY: mailsPerRecipient.default(10),
    // Priced quotes: 'false' when the business is not registered for GST (quotes then show no GST line).
    GST_REGISTERED: z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .default('true')
      .transform((value) => value === 'true'),
    // The security baseline (src/security).
    // Partner sites: `https://agency.example` (CORS only) or `key=https://agency.example` (that origin
    // may also submit quotes with the partner key `key`). A key may be listed with several origins.
    PARTNER_ORIGINS: z
      .string()
      .default('')
      .transform((value, context) => {
        const partners: PartnerOrigin[] = [];
        for (const entry of value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)) {
          const equals = entry.indexOf('=');
          const keyed = equals > 0 && !entry.slice(0, equals).includes(':');
          const key = keyed ? entry.slice(0, equals).trim() : undefined;
          const originText = keyed ? entry.slice(equals + 1).trim() : entry;
          if (key !== undefined && !PARTNER_KEY_PATTERN.test(key)) {
            context.addIssue({
              code: 'custom',
              message: `"${key}" in "${entry}" is not a partner key: use lower-case letters, digits and hyphens (at most 64)`,
            });
            return z.NEVER;
          }
          try {
            const url = new URL(originText);
            if (!/^https?:$/.test(url.protocol) || url.origin !== originText.replace(/\/+$/, ''))
              throw new Error();
            partners.push({ key, origin: url.origin });
          } catch {
            context.addIssue({
              code: 'custom',
              message: `"${entry}" is not an origin like https://partner.example, or key=https://partner.example`,
            });
            return z.NEVER;
          }
        }
        return partners;
      }),
    PUBLIC_POST_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
    LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
    LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
    TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
    // Xero: all optional; without the client id and secret, Xero is 'not configured'.
    XERO_CLIENT_ID: z.string().trim().min(1).optional(),
    XERO_CLIENT_SECRET: z.string().trim().min(1).optional(),
    XERO_REDIRECT_URI: z.url({ protocol: /^https?$/ }).optional(),
    XERO_SCOPES: z
      .string()
      .trim()
      .min(1)
      .default(
        'openid profile email offline_access accounting.settings.read accounting.reports.profitandloss.read accounting.reports.balancesheet.read accounting.reports.banksummary.read accounting.reports.trialbalance.read accounting.transactions accounting.contacts',
      ),
    XERO_IDENTITY_URL: z.url({ protocol: /^https?$/ }).default('https://identity.xero.com'),
    XERO_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.xero.com'),
    // How long one call to Xero may take before the admin is told Xero did not answer.
    XERO_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
    // The first retry of a failed write to Xero; each next waits 4× longer (capped at 3 h), for 24 h.
    XERO_SYNC_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(5_000),
    // Secrets at rest (src/security/secret-box.ts): the current key, then retired keys still read.
    SECRETS_KEY: secretsKey.optional(),
    SECRETS_KEY_PREVIOUS: z
      .string()
      .optional()
      .transform((value, context) => {
        const keys: Buffer[] = [];
        for (const part of (value ?? '')
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean)) {
          const key = decodeSecretsKey(part);
          if (!key) {
            context.addIssue({ code: 'custom', message: SECRETS_KEY_MESSAGE });
            return z.NEVER;
          }
          keys.push(key);
        }
        return keys;
      }),
  })
  .superRefine((env, context) => {
    if (env.RECIPIENT_MAIL_LIMIT_DAY < env.RECIPIENT_MAIL_LIMIT_HOUR) {
      context.addIssue({
        code: 'custom',
        path: ['RECIPIENT_MAIL_LIMIT_DAY'],
        message: `must be at least RECIPIENT_MAIL_LIMIT_HOUR (${env.RECIPIENT_MAIL_LIMIT_HOUR}): a day holds every hour`,
      });
    }
    if (env.XERO_CLIENT_ID && !env.XERO_CLIENT_SECRET) {
      context.addIssue({
        code: 'custom',
        path: ['XERO_CLIENT_SECRET'],
        message: 'is required once XERO_CLIENT_ID is set',
      });
    }
    if (env.XERO_CLIENT_ID && !env.SECRETS_KEY) {
      context.addIssue({
        code: 'custom',
        path: ['SECRETS_KEY'],
        message: `is required once XERO_CLIENT_ID is set (Xero tokens are stored encrypted with it): ${SECRETS_KEY_MESSAGE}`,
      });
    }
  })
  .transform((env) => ({
    ...env,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    /** Where Xero sends the browser back after consent: PUBLIC_URL + '/xero/callback' by default. */
    XERO_REDIRECT_URI:
      env.XERO_REDIRECT_URI ??
      `${(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '')}/xero/callback`,
    BACKUP_DIR: resolve(env.BACKUP_DIR ?? join(dirname(databaseFile(env.DATABASE_URL)), 'backups')),
    /** Every partner origin, keyed or not: the origins CORS admits on the public submission routes. */
    PARTNER_ORIGINS: [...new Set(env.PARTNER_ORIGINS.map((partner) => partner.origin))],
    /** Partner key → the origins allowed to submit quotes with it. */
    PARTNER_KEYS: partnerKeys(env.PARTNER_ORIGINS),
  }));

/** The parsed, typed configuration. */
export type Environment = z.infer<typeof environmentSchema>;

/** Raised when a variable has a bad value; its message is one line naming the variable. */
export class EnvironmentError extends Error {
  override name = 'EnvironmentError';
}

/**
 * Parses the environment once. Empty strings count as unset, so `FOO=` in a .env file means "use the
 * default". Throws an EnvironmentError naming the first bad variable.
 */
export function parseEnvironment(source: Record<string, string | undefined> = process.env): Environment {
  const cleaned = Object.fromEntries(
    Object.entries(source).map(([key, value]) => [key, emptyAsUndefined(value)]),
  );
  const result = environmentSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const given = source[name];
    throw new EnvironmentError(
      `Invalid environment variable ${name}: ${issue?.message ?? 'invalid value'}${given === undefined ? '' : ` (got ${JSON.stringify(/PASSWORD|SECRET|TOKEN/.test(name) ? '***' : given)})`}`,
    );
  }
  return result.data;
}
