import type { LightMyRequestResponse } from 'fastify';
import { hashPassword, scryptParams } from '../../src/modules/auth/password.ts';
import type { Backend } from '../helpers/backends.ts';
import {
  ADMIN,
  DEMO,
  postJson,
  signInAs,
  startTestApp,
  type TestApp,
} from '../helpers/test-app.ts';
import { addOtherTenant, demoFactoryId } from '../mail/tenants.ts';

/** The Berlin factory's own Admin user (another tenant's administrator). */
export const OTHER_ADMIN = { email: 'admin@berlin.example', password: 'berlin-admin-pw' };

export interface AdminFixture {
  t: TestApp;
  demoFactory: number;
  otherFactory: number;
  adminToken: string;
  demoToken: string;
  otherAdminToken: string;
  /** POSTs `body` plus the envelope to `path` with the token as bearer. */
  call(
    path: string,
    token: string,
    body?: Record<string, unknown>,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The app with the demo factory (Admin and demo users) and a second factory with its own Admin. */
export async function startAdminFixture(
  backend: Backend,
  env: Record<string, string> = {},
): Promise<AdminFixture> {
  const t = await startTestApp(backend, env);
  const db = t.testDb.db;
  const demoFactory = await demoFactoryId(db);
  const other = await addOtherTenant(db);
  await db.query(
    `INSERT INTO users (factory_id, email, username, password_hash) VALUES ($1, $2, 'Admin', $3)`,
    [
      other.factoryId,
      OTHER_ADMIN.email,
      await hashPassword(OTHER_ADMIN.password, scryptParams(10)),
    ],
  );
  const emails = new Map<string, string>();
  const signIn = async (account: { email: string; password: string }) => {
    const { token } = await signInAs(t.app, account);
    emails.set(token, account.email);
    return token;
  };
  const adminToken = await signIn(ADMIN);
  const demoToken = await signIn(DEMO);
  const otherAdminToken = await signIn(OTHER_ADMIN);
  return {
    t,
    demoFactory,
    otherFactory: other.factoryId,
    adminToken,
    demoToken,
    otherAdminToken,
    call: (path, token, body = {}) =>
      postJson(
        t.app,
        path,
        { email: emails.get(token) ?? '', action: path, token: '', ...body },
        { authorization: `Bearer ${token}` },
      ),
    close: () => t.close(),
  };
}
