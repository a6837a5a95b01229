import { resolve } from 'node:path';
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

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** The environment variables the server reads; README.md and .env.example document each one. */
const environmentSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    DATABASE_URL: databaseUrl.default(`file:${resolve(repositoryRoot, 'data', 'cleanquote.db')}`),
    DATABASE_AUTH_TOKEN: z.string().optional(),
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    MAIL_FROM: z.string().min(3).default('CleanQuote <quotes@cleanquote.example>'),
    BUSINESS_EMAIL: optionalEmail,
    ADMIN_EMAIL: optionalEmail,
    ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
    QUOTE_DASHBOARD_PASSWORD: z.string().min(1).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SITE_DIST: z.string().default(resolve(repositoryRoot, 'sites', 'web', 'dist')),
  })
  .transform((env) => ({
    ...env,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
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
      `Invalid environment variable ${name}: ${issue?.message ?? 'invalid value'}${given === undefined ? '' : ` (got ${JSON.stringify(name.includes('PASSWORD') ? '***' : given)})`}`,
    );
  }
  return result.data;
}
