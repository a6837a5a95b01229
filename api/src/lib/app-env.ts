import type { RequestIdVariables } from 'hono/request-id';
import type { Database } from '../db/database.ts';
import type { Environment } from '../env.ts';
import type { Logger } from './logger.ts';

/** What every handler can reach through `c.var`. */
export interface AppEnv {
  Variables: RequestIdVariables & {
    database: Database;
    environment: Environment;
    logger: Logger;
  };
}
