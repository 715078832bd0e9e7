import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  adminUserListResponse,
  channelListResponse,
  userAccountResponse,
  userFactoriesResponse,
  userSwitchFactoryResponse,
} from '@wattboard/contract';
import { insertNode } from '../../src/modules/factory/repo/provisioning.ts';
import { backends } from '../helpers/backends.ts';
import { ADMIN, DEMO, signInAs } from '../helpers/test-app.ts';
import { startAdminFixture, type AdminFixture } from './admin-fixture.ts';

const ADD = '/v1/Admin/Member/Add';
const REMOVE = '/v1/Admin/Member/Remove';
const ROLE = '/v1/Admin/User/Role';
const LIST = '/v1/Admin/User/List';
const FACTORIES = '/v1/User/Factories';
const SWITCH = '/v1/User/SwitchFactory';
const CHANNELS = '/v1/Web/Factory/Channel/List';

/** Several plants per person (decision 0089): the demo user joins the Berlin plant. */
describe.each(backends)('memberships on %s', (backend) => {
  let f: AdminFixture;
  let demoId: number;
  const audit = (factoryId: number, action: string) =>
    f.t.testDb.db.query<{ actor: string; target_id: string; detail: Record<string, unknown> }>(
      'SELECT actor, target_id, detail FROM audit_log WHERE factory_id = $1 AND action = $2 ORDER BY id',
      [factoryId, action],
    );
  const channels = async (token: string, factoryId = 0) => {
    const answer = (await f.call(CHANNELS, token, { factoryId })).json();
    return answer.statusCode === 200 ? channelListResponse.parse(answer) : answer;
  };

  beforeAll(async () => {
    f = await startAdminFixture(backend);
    await insertNode(f.t.testDb.db, f.otherFactory, {
      type: 'smartMeter',
      parentId: null,
      name: 'Berlin main meter',
      chName: '柏林總電表',
      serial: 'BER-M01',
      wiring: 'a,b,c',
      frequencyHz: 50,
    });
    const rows = await f.t.testDb.db.query<{ id: number }>(
      'SELECT id FROM users WHERE email = $1',
      [DEMO.email],
    );
    demoId = rows[0]!.id;
  });
  afterAll(() => f.close());

  it("refuses what is not another factory's person: unknown, Admin, already here", async () => {
    const unknown = (
      await f.call(ADD, f.otherAdminToken, { userEmail: 'nobody@x.example' })
    ).json();
    expect([unknown.statusCode, unknown.message]).toEqual([1001, ADMIN_MESSAGES.noSuchPerson]);
    const admin = (await f.call(ADD, f.otherAdminToken, { userEmail: ADMIN.email })).json();
    expect([admin.statusCode, admin.message]).toEqual([201, ADMIN_MESSAGES.adminHomeOnly]);
    const own = (await f.call(ADD, f.adminToken, { userEmail: DEMO.email })).json();
    expect([own.statusCode, own.message]).toEqual([1000, ADMIN_MESSAGES.alreadyMember]);
    expect(await audit(f.otherFactory, 'user.member.add')).toEqual([]);
  });

  it('adds an existing person by e-mail with a role here, audited with from and to', async () => {
    const answer = (
      await f.call(ADD, f.otherAdminToken, {
        userEmail: ' DEMO@wattboard.local ',
        role: 'operator',
      })
    ).json();
    expect(answer.statusCode).toBe(200);
    expect(answer.user).toMatchObject({ id: demoId, role: 'operator', fromOtherFactory: true });
    expect(await audit(f.otherFactory, 'user.member.add')).toEqual([
      {
        actor: 'Admin',
        target_id: String(demoId),
        detail: { username: 'demo', email: DEMO.email, from: null, to: 'operator' },
      },
    ]);
    // Berlin's list shows the person; the demo factory's role is untouched.
    const berlin = adminUserListResponse.parse((await f.call(LIST, f.otherAdminToken)).json());
    expect(berlin.users.map((u) => [u.username, u.role, u.fromOtherFactory])).toEqual([
      ['Admin', 'manager', false],
      ['berlin-ops', 'manager', false],
      ['demo', 'operator', true],
    ]);
    const demo = adminUserListResponse.parse((await f.call(LIST, f.adminToken)).json());
    expect(demo.users.find((u) => u.username === 'demo')).toMatchObject({
      role: 'manager',
      fromOtherFactory: false,
    });
  });

  it('lists my factories and switches: factoryId 0, the tenant and the role follow', async () => {
    const mine = userFactoriesResponse.parse((await f.call(FACTORIES, f.demoToken)).json());
    expect(mine.factories.map((x) => [x.factoryId, x.role, x.current])).toEqual([
      [f.demoFactory, 'manager', true],
      [f.otherFactory, 'operator', false],
    ]);
    const before = await channels(f.demoToken);
    expect(before.channelList.length).toBeGreaterThan(5);

    const switched = (await f.call(SWITCH, f.demoToken, { toFactoryId: f.otherFactory })).json();
    expect(userSwitchFactoryResponse.parse(switched).factory).toEqual({
      factoryId: f.otherFactory,
      name: 'Berlin Plant',
      nameZh: '柏林廠',
      role: 'operator',
      current: true,
    });
    const after = await channels(f.demoToken);
    expect(after.channelList.map((c: { name: string }) => c.name)).toEqual(['Berlin main meter']);
    expect(after.timeZone).toBe('Europe/Berlin');
    // The factory it left is not reachable, neither by 0 nor by its id.
    expect((await channels(f.demoToken, f.demoFactory)).statusCode).toBe(1008);
    const account = userAccountResponse.parse(
      (await f.call('/v1/User/Account', f.demoToken)).json(),
    );
    expect(account.role).toBe('operator');
    // An operator here may not change the receivers (a manager's call); the demo factory's role does not count.
    const receivers = await f.call('/v1/Setting/UpdateEmailReceivers', f.demoToken, {
      receivers: [],
    });
    expect(receivers.statusCode).toBe(403);
    expect(await audit(f.otherFactory, 'sign-in.switch')).toHaveLength(1);
  });

  it('refuses a factory the person does not belong to, and stays where it was', async () => {
    for (const toFactoryId of [f.demoFactory + f.otherFactory + 100, 2 ** 31 - 1]) {
      const answer = (await f.call(SWITCH, f.otherAdminToken, { toFactoryId })).json();
      expect([answer.statusCode, answer.message]).toEqual([1008, ADMIN_MESSAGES.factoryNotFound]);
    }
    const intoDemo = (
      await f.call(SWITCH, f.otherAdminToken, { toFactoryId: f.demoFactory })
    ).json();
    expect(intoDemo.statusCode).toBe(1008);
    expect(
      (await channels(f.otherAdminToken)).channelList.map((c: { name: string }) => c.name),
    ).toEqual(['Berlin main meter']);
    const bad = await f.call(SWITCH, f.demoToken, { toFactoryId: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('toFactoryId');
  });

  it("changes the role here only; another factory's Admin cannot disable or reset the person", async () => {
    const role = (await f.call(ROLE, f.otherAdminToken, { userId: demoId, role: 'viewer' })).json();
    expect(role.user).toMatchObject({ role: 'viewer', fromOtherFactory: true });
    const roleAudit = await audit(f.otherFactory, 'user.role');
    expect(roleAudit.at(-1)?.detail).toEqual({ username: 'demo', from: 'operator', to: 'viewer' });
    const account = userAccountResponse.parse(
      (await f.call('/v1/User/Account', f.demoToken)).json(),
    );
    expect(account.role).toBe('viewer');
    for (const [path, body] of [
      ['/v1/Admin/User/Status', { userId: demoId, status: 'disabled' }],
      ['/v1/Admin/User/ResetPassword', { userId: demoId }],
    ] as const) {
      const answer = (await f.call(path, f.otherAdminToken, body)).json();
      expect([answer.statusCode, answer.message], path).toEqual([
        201,
        ADMIN_MESSAGES.accountElsewhere,
      ]);
    }
    // The person still signs in with their own password.
    await expect(signInAs(f.t.app, DEMO)).resolves.toMatchObject({ token: expect.any(String) });
    // The home factory's own people are disabled there, never removed.
    const own = (await f.call(REMOVE, f.adminToken, { userId: demoId })).json();
    expect([own.statusCode, own.message]).toEqual([201, ADMIN_MESSAGES.ownPersonStays]);
    const stranger = (await f.call(REMOVE, f.adminToken, { userId: 999_999 })).json();
    expect(stranger.statusCode).toBe(1001);
  });

  it('removing ends access to that factory only: its sessions end, the home factory stays', async () => {
    const removed = (await f.call(REMOVE, f.otherAdminToken, { userId: demoId })).json();
    expect(removed).toMatchObject({ statusCode: 200, userId: demoId, endedSessions: 1 });
    expect((await audit(f.otherFactory, 'user.member.remove')).at(-1)?.detail).toEqual({
      username: 'demo',
      email: DEMO.email,
      from: 'viewer',
      to: null,
      endedSessions: 1,
    });
    // The session that looked at Berlin is over.
    expect((await f.call(CHANNELS, f.demoToken, { factoryId: 0 })).statusCode).toBe(401);
    const again = await signInAs(f.t.app, DEMO);
    const call = (path: string, body: Record<string, unknown> = {}) =>
      f.call(path, again.token, { email: DEMO.email, ...body });
    const mine = userFactoriesResponse.parse((await call(FACTORIES)).json());
    expect(mine.factories.map((x) => x.factoryId)).toEqual([f.demoFactory]);
    expect((await call(SWITCH, { toFactoryId: f.otherFactory })).json().statusCode).toBe(1008);
    const home = channelListResponse.parse((await call(CHANNELS, { factoryId: 0 })).json());
    expect(home.timeZone).toBe('Asia/Taipei');
  });

  it("keeps names unique among a factory's members", async () => {
    await f.call('/v1/Admin/User/Add', f.otherAdminToken, {
      username: 'Viewer',
      userEmail: 'viewer@berlin.example',
    });
    const clash = (
      await f.call(ADD, f.otherAdminToken, { userEmail: 'viewer@wattboard.local' })
    ).json();
    expect([clash.statusCode, clash.message]).toEqual([1000, ADMIN_MESSAGES.usernameTaken]);
  });
});
