// Everything the soak runs, started in order and stopped in reverse, whatever happens.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../product-process.ts';
import { startBalancer, type Balancer } from './balancer.ts';
import { addTenant, createInstance, type Instance, type Tenant } from './instances.ts';
import { startMailSink, type MailSink } from './mail-sink.ts';
import { openSoakDb, type SoakDb } from './measure.ts';
import { startMosquitto, startPostgres, startRedis, type Service } from './services.ts';
import { waitFor } from './wait.ts';

export interface Stack {
  dir: string;
  postgres: Service;
  redis: Service;
  broker: Service;
  mail: MailSink;
  db: SoakDb;
  tenant: Tenant;
  demoFactoryId: number;
  /** A runs the simulator (publishing over MQTT); B and C do not. */
  instances: Instance[];
  balancer: Balancer;
  baseUrl: string;
}

type Cleanup = () => Promise<unknown>;

export async function withStack(
  log: (line: string) => void,
  body: (stack: Stack) => Promise<boolean>,
): Promise<boolean> {
  const cleanups: Cleanup[] = [];
  const dir = await mkdtemp(join(tmpdir(), 'wattboard-soak-'));
  // PostgreSQL runs as its own user and must reach its directory inside this one.
  await chmod(dir, 0o711);
  let passed = false;
  // Ctrl-C or a CI timeout's SIGTERM still stops everything this started.
  const onSignal = (signal: NodeJS.Signals) => {
    log(`${signal}: stopping everything`);
    void runCleanups().finally(() => process.exit(130));
  };
  const runCleanups = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      await cleanup().catch((error: unknown) => log(`cleanup: ${(error as Error).message}`));
    }
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const postgres = await startPostgres(await freePort(), join(dir, 'pg'));
    cleanups.push(() => postgres.stop());
    const redis = await startRedis(await freePort());
    cleanups.push(() => redis.stop());
    const broker = await startMosquitto(await freePort(), dir);
    cleanups.push(() => broker.stop());
    const mail = await startMailSink();
    cleanups.push(() => mail.close());
    log(`services up in ${dir}: ${postgres.url} ${redis.url} ${broker.url} ${mail.url}`);

    const env = {
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      MQTT_URL: broker.url,
      SMTP_URL: mail.url,
      DATA_DIR: join(dir, 'data'),
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      SCRYPT_COST: '10',
      SIMULATOR: 'off',
    };
    const tenant = await addTenant(env);
    const db = openSoakDb(postgres.url);
    cleanups.push(() => db.close());
    const demo = await db.query<{ id: number }>("SELECT id FROM factories WHERE slug = 'demo'");
    const instances = [
      createInstance('B', await freePort(), env, dir),
      createInstance(
        'A',
        await freePort(),
        { ...env, SIMULATOR: 'on', SIMULATOR_TRANSPORT: 'mqtt' },
        dir,
      ),
      createInstance('C', await freePort(), env, dir),
    ];
    for (const instance of instances) {
      cleanups.push(() => instance.stop());
      await instance.start();
    }
    const simulated = instances.find((i) => i.name === 'A')!;
    log('instances up; waiting for the simulator’s first-start history');
    await waitFor(
      'the simulator’s history backfill',
      async () => /history backfill done/.test(await simulated.log()),
      600_000,
      1000,
    );
    const balancer = await startBalancer(() =>
      instances.filter((i) => i.running()).map((i) => i.port),
    );
    cleanups.push(() => balancer.close());
    passed = await body({
      dir,
      postgres,
      redis,
      broker,
      mail,
      db,
      tenant,
      demoFactoryId: demo[0]!.id,
      instances: [simulated, ...instances.filter((i) => i !== simulated)],
      balancer,
      baseUrl: `http://127.0.0.1:${balancer.port}`,
    });
    return passed;
  } finally {
    await runCleanups();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    if (passed) await rm(dir, { recursive: true, force: true });
    else log(`logs kept in ${dir}`);
  }
}
