import { type Environment, EnvironmentError, parseEnvironment } from './env.ts';

/**
 * Starts the one Node process that serves the API and the built site on PORT.
 * `--api-only` skips the site (used by `npm run dev`, where Vite serves it with hot reload);
 * `--check-environment` only validates the environment (so `npm start` fails before building).
 */
async function main() {
  let environment: Environment;
  try {
    environment = parseEnvironment();
  } catch (error) {
    if (error instanceof EnvironmentError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (process.argv.includes('--check-environment')) return;

  // Loaded only once the environment is known to be good, so a bad variable is the only message.
  const [{ serve }, { createApp }, { openDatabase }, { createLogger }, { loadBuiltSite }] = await Promise.all(
    [
      import('@hono/node-server'),
      import('./app.ts'),
      import('./db/database.ts'),
      import('./lib/logger.ts'),
      import('./site/site.ts'),
    ],
  );
  const logger = createLogger(environment.LOG_LEVEL);
  const database = await openDatabase({
    url: environment.DATABASE_URL,
    authToken: environment.DATABASE_AUTH_TOKEN,
  });
  // Says a server runs on this database file, so `npm run db:restore` refuses to replace it meanwhile.
  const { announceServer } = await import('./backups/server-lock.ts');
  const leaveDatabase = announceServer(environment.DATABASE_URL);
  for (const repair of database.repairedText) {
    logger.warn(repair, 'stored text was not UTF-8: repaired with U+FFFD (a queued mail is dead-lettered)');
  }
  const [
    { ensureAdminAccount },
    { startMailDelivery },
    { JobRunner },
    { SCHEDULED_JOBS },
    { XeroService, xeroConfigured },
    { weeklyReportJobs },
    { startWebhookDelivery },
    { XeroSyncWorker, xeroSyncOptions },
  ] = await Promise.all([
    import('./auth/admin-account.ts'),
    import('./mail/delivery.ts'),
    import('./jobs/job-runner.ts'),
    import('./jobs/scheduled-jobs.ts'),
    import('./xero/xero-service.ts'),
    import('./xero/weekly-reports.ts'),
    import('./webhooks/delivery-worker.ts'),
    import('./xero/sync-worker.ts'),
  ]);
  if (environment.ADMIN_EMAIL && environment.ADMIN_PASSWORD) {
    const outcome = await ensureAdminAccount(database, {
      email: environment.ADMIN_EMAIL,
      password: environment.ADMIN_PASSWORD,
      firstName: environment.ADMIN_FIRST_NAME,
    });
    logger.info({ email: environment.ADMIN_EMAIL, outcome }, 'admin account');
  } else {
    logger.warn('ADMIN_EMAIL and ADMIN_PASSWORD are not both set: no admin account is created');
  }
  // Delivers the outbox (or keeps mail as captured without SMTP_URL); stopped on shutdown.
  const mailDelivery = startMailDelivery(environment, database, logger);
  // Sends partners' webhooks from their table (a delivery left by a crash is sent now); stopped on shutdown.
  const webhookDelivery = startWebhookDelivery(environment, database, logger);
  // The scheduled jobs (daily report, analytics retention, each weekly Xero report): a run missed
  // while down is made up now.
  const xero = xeroConfigured(environment) ? new XeroService(database, environment, logger) : null;
  // Sends quotes and invoices queued for Xero (a write left by a crash is sent now); stopped on shutdown.
  const xeroSync = xero
    ? new XeroSyncWorker(database, xero, logger, xeroSyncOptions(environment)).start()
    : null;
  const jobs = new JobRunner({
    database,
    environment,
    logger,
    jobs: SCHEDULED_JOBS,
    dynamicJobs: xero ? () => weeklyReportJobs(database, xero.sendWeeklyReport) : undefined,
  });
  jobs.start().catch((error: unknown) => logger.error({ err: error }, 'scheduled jobs could not start'));
  const apiOnly = process.argv.includes('--api-only');
  const site = apiOnly ? undefined : await loadBuiltSite(environment.SITE_DIST);
  if (!apiOnly && !site) {
    logger.warn({ dist: environment.SITE_DIST }, 'the site is not built; serving the API only');
  }
  const app = createApp({ environment, database, logger, site });
  const server = serve({ fetch: app.fetch, port: environment.PORT }, (info) => {
    logger.info(
      { port: info.port, publicUrl: environment.PUBLIC_URL },
      `CleanQuote listening on http://localhost:${info.port}`,
    );
  });

  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    server.close();
    Promise.all([mailDelivery.stop(), webhookDelivery.stop(), xeroSync?.stop(), jobs.stop()])
      .then(() => database.writes.drain())
      .finally(() => {
        database.close();
        leaveDatabase();
        process.exit(0);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(`CleanQuote could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
