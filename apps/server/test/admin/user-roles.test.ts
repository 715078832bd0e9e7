import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  adminUserWithPasswordResponse,
  roleForbiddenMessage,
  StatusCode,
  userAccountResponse,
} from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { signInAs } from '../helpers/test-app.ts';
import { DEMO_USERS } from '../../src/modules/demo/demo-factory.ts';
import { startAdminFixture, type AdminFixture } from './admin-fixture.ts';

const ROLE = '/v1/Admin/User/Role';
const ADD = '/v1/Admin/User/Add';
const ACCOUNT = '/v1/User/Account';
const SWITCH = '/v1/Channel/Group/Update?action=updateGroupStatus';
const ALARMS = '/v1/Web/Setting/Alarm/Update';

describe.each(backends)('user roles on %s', (backend) => {
  let f: AdminFixture;
  let viewerToken: string;
  let viewerId: number;
  let groupId: number;
  let meterId: number;
  const viewer = DEMO_USERS[2];

  const audit = (action: string) =>
    f.t.testDb.db.query<{ detail: Record<string, unknown> }>(
      'SELECT detail FROM audit_log WHERE action = $1 ORDER BY id',
      [action],
    );
  const switchGroup = (token: string) =>
    f.call(SWITCH, token, {
      factoryId: 0,
      groupUpdateList: [{ channelGroupId: groupId, isOn: true }],
    });
  const saveAlarms = (token: string) =>
    f.call(ALARMS, token, {
      deviceId: meterId,
      alarms: [{ target: 'voltage', isActivated: false, threshold: { low: null, high: null } }],
    });

  beforeAll(async () => {
    f = await startAdminFixture(backend, { SIMULATOR: 'off' });
    const db = f.t.testDb.db;
    viewerToken = (await signInAs(f.t.app, viewer)).token;
    viewerId = (
      await db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [viewer.email])
    )[0]!.id;
    groupId = (
      await db.query<{ id: number }>(
        'SELECT id FROM channel_groups WHERE factory_id = $1 ORDER BY id LIMIT 1',
        [f.demoFactory],
      )
    )[0]!.id;
    meterId = (
      await db.query<{ id: number }>(
        "SELECT id FROM nodes WHERE factory_id = $1 AND type = 'smartMeter' ORDER BY id LIMIT 1",
        [f.demoFactory],
      )
    )[0]!.id;
  });
  afterAll(() => f.close());

  it('tells each person their role: the Admin user is admin, the seeded viewer a viewer', async () => {
    const account = async (token: string) =>
      userAccountResponse.parse((await f.call(ACCOUNT, token)).json()).role;
    expect(await account(f.adminToken)).toBe('admin');
    expect(await account(f.demoToken)).toBe('manager');
    expect(await account(viewerToken)).toBe('viewer');
  });

  it('refuses a viewer the switch with 403 naming the role it needs, and switches nothing', async () => {
    const before = await f.t.testDb.db.query('SELECT * FROM channel_groups WHERE id = $1', [
      groupId,
    ]);
    const response = await switchGroup(viewerToken);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      statusCode: StatusCode.Fail,
      message: roleForbiddenMessage('viewer', 'operate'),
    });
    expect(response.json().message).toContain('operator');
    expect(
      await f.t.testDb.db.query('SELECT * FROM channel_groups WHERE id = $1', [groupId]),
    ).toEqual(before);
    expect((await switchGroup(f.demoToken)).json().statusCode).toBe(StatusCode.OK);
  });

  it('applies a role change on the next call of an open session, and audits it', async () => {
    const change = (role: string) => f.call(ROLE, f.adminToken, { userId: viewerId, role });
    expect((await change('operator')).json()).toMatchObject({ user: { role: 'operator' } });
    expect((await switchGroup(viewerToken)).json().statusCode).toBe(StatusCode.OK);
    // An operator switches loads but does not set thresholds.
    const thresholds = await saveAlarms(viewerToken);
    expect(thresholds.statusCode).toBe(403);
    expect(thresholds.json().message).toBe(roleForbiddenMessage('operator', 'manage'));
    expect((await change('operator')).json().statusCode).toBe(StatusCode.OK);
    expect((await change('viewer')).json()).toMatchObject({ user: { role: 'viewer' } });
    expect((await switchGroup(viewerToken)).statusCode).toBe(403);
    // Setting the same role again writes no audit entry.
    expect((await audit('user.role')).map((row) => row.detail)).toEqual([
      { username: 'viewer', from: 'viewer', to: 'operator' },
      { username: 'viewer', from: 'operator', to: 'viewer' },
    ]);
  });

  it("keeps the Admin user's role, and only the Admin user changes roles", async () => {
    const adminId = (
      await f.t.testDb.db.query<{ id: number }>(
        "SELECT id FROM users WHERE factory_id = $1 AND username = 'Admin'",
        [f.demoFactory],
      )
    )[0]!.id;
    expect(
      (await f.call(ROLE, f.adminToken, { userId: adminId, role: 'viewer' })).json(),
    ).toMatchObject({
      statusCode: StatusCode.Fail,
      message: ADMIN_MESSAGES.adminRoleFixed,
    });
    const byManager = await f.call(ROLE, f.demoToken, { userId: viewerId, role: 'manager' });
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json().message).toBe(ADMIN_MESSAGES.forbidden);
    const bad = await f.call(ROLE, f.adminToken, { userId: viewerId, role: 'owner' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('role must be viewer, operator or manager');
    const elsewhere = await f.call(ROLE, f.otherAdminToken, { userId: viewerId, role: 'manager' });
    expect(elsewhere.json().statusCode).toBe(StatusCode.UserNotFound);
  });

  it('adds people as viewers unless the Admin says otherwise', async () => {
    const add = async (username: string, userEmail: string, role?: string) =>
      adminUserWithPasswordResponse.parse(
        (
          await f.call(ADD, f.adminToken, { username, userEmail, ...(role ? { role } : {}) })
        ).json(),
      ).user;
    expect((await add('Chen', 'chen@example.com')).role).toBe('viewer');
    expect((await add('Wang', 'wang@example.com', 'operator')).role).toBe('operator');
    expect((await audit('user.add')).at(-1)?.detail).toMatchObject({
      username: 'Wang',
      role: 'operator',
    });
  });
});
