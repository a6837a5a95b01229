import type { RequestIdVariables } from 'hono/request-id';
import type { Database } from '../db/database.ts';
import type { Environment } from '../env.ts';
import type { PartnerRegistry } from '../partners/partner-registry.ts';
import type { Logger } from './logger.ts';

/** What every handler can reach through `c.var`. */
export interface AppEnv {
  Variables: RequestIdVariables & {
    database: Database;
    environment: Environment;
    logger: Logger;
    /** The partner sites (keys, origins, enabled), kept in memory. */
    partners: PartnerRegistry;
  };
}
