import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, parseConfig } from './platform/config.ts';
import { installBackupSignal } from './platform/db/backup-signal.ts';
import { DEMO_USERS } from './modules/demo/demo-factory.ts';
import { missingNodeFlags } from './platform/node-flags.ts';

/** Starts Wattboard: reads the configuration, builds the app, listens, and shuts down gracefully. */
async function main(): Promise<void> {
  let config;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let app;
  try {
    app = await buildApp(config);
  } catch (error) {
    console.error('Wattboard could not start:', error instanceof Error ? error.message : error);
    process.exit(1);
  }

  // `npm run backup` on the embedded database (docs/deployment.md): SIGUSR2 asks for a
  // backup, so it is not one of the signals that shut the server down.
  const stopBackups = installBackupSignal(app, config.dataDir);
  closeWithGrace({ delay: 10_000, logger: false, skip: ['SIGUSR2'] }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an unexpected error');
    else app.log.info({ signal }, 'shutting down gracefully');
    await stopBackups();
    await app.close();
    app.log.info('server closed');
  });

  const missing = missingNodeFlags(process.execArgv);
  if (!config.databaseUrl && missing.length > 0) {
    app.log.warn(
      { missing },
      `started without ${missing.join(' ')}: the embedded database then holds a few hundred MB more (see src/platform/node-flags.ts)`,
    );
  }

  await app.listen({ host: config.host, port: config.port });
  const url = `http://localhost:${config.port}`;
  app.log.info(
    {
      url,
      database: config.databaseUrl ? 'postgresql' : `pglite (${config.dataDir}/db)`,
      demoAccounts: DEMO_USERS.map(({ email, password, username, role }) => ({
        email,
        password,
        username,
        role: username === 'Admin' ? 'Admin' : role,
      })),
    },
    `Wattboard is running at ${url} (demo sign-in: ${DEMO_USERS[0].email} / ${DEMO_USERS[0].password})`,
  );
}

await main();
