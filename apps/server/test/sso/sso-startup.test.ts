import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openTestDb } from '../helpers/backends.ts';
import { testConfig } from '../helpers/test-app.ts';

/** Builds the app with this configuration; the start-up error, or null when it started. */
async function startUpError(env: Record<string, string>): Promise<string | null> {
  const testDb = await openTestDb('pglite');
  try {
    const app = await buildApp(testConfig(env), { db: testDb.db, logger: false });
    await app.close();
    return null;
  } catch (err) {
    return (err as Error).message;
  } finally {
    await testDb.dispose();
  }
}

async function configFile(content: string): Promise<string> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'wattboard-sso-')), 'oidc.json');
  await writeFile(file, content);
  return file;
}

describe('single sign-on settings at start-up', () => {
  it('stops start-up naming what is wrong', async () => {
    const good = await configFile(
      JSON.stringify({
        factories: {
          demo: { issuer: 'https://idp.example', clientId: 'c', clientSecretEnv: 'NOT_SET_SECRET' },
        },
      }),
    );
    expect(await startUpError({ OIDC_CONFIG_FILE: good })).toMatch(/needs PUBLIC_URL/);
    expect(await startUpError({ OIDC_CONFIG_FILE: good, PUBLIC_URL: 'https://e.example' })).toBe(
      'OIDC_CONFIG_FILE: factories.demo.clientSecretEnv: NOT_SET_SECRET is not set',
    );
    const missing = path.join(tmpdir(), 'no-such-dir-wattboard', 'oidc.json');
    expect(
      await startUpError({ OIDC_CONFIG_FILE: missing, PUBLIC_URL: 'https://e.example' }),
    ).toMatch(/OIDC_CONFIG_FILE: cannot read .*oidc\.json/);
  });

  it('has no single sign-on routes when it is off', async () => {
    const testDb = await openTestDb('pglite');
    const app = await buildApp(testConfig(), { db: testDb.db, logger: false });
    try {
      const start = await app.inject({ method: 'GET', url: '/v1/Sso/Start?factory=demo' });
      expect(start.statusCode).toBe(404);
    } finally {
      await app.close();
      await testDb.dispose();
    }
  });
});
