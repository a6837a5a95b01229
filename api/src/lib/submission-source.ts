import type { Context } from 'hono';
import type { AppEnv } from './app-env.ts';

/** Where a public submission came from: a configured partner origin, or 'main-site'. */
export function submissionSource(c: Context<AppEnv>): string {
  const origin = c.req.header('Origin');
  return origin && c.var.environment.PARTNER_ORIGINS.includes(origin) ? origin : 'main-site';
}
