import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../helpers/backends.ts';
import { ADMIN, signInAs } from '../helpers/test-app.ts';
import {
  call,
  startControlApp,
  type ControlTestApp,
  type Session,
} from '../control/control-app.ts';

const MIN = 60_000;
const GET = '/v1/Admin/Demand/Get';
const UPDATE = '/v1/Admin/Demand/Update';
const settings = {
  targetPercent: 95,
  autoShed: false,
  minOffMinutes: 5,
  maxOffMinutes: 30,
  restoreMarginPercent: 5,
  demandMailReceiverIds: [] as number[],
};

/** The Admin page's demand settings, and the warning's e-mail going only to the receivers chosen. */
describe.each(backends)('demand settings on %s', (backend) => {
  let t: ControlTestApp;
  let admin: Session;
  const start = new Date(Math.floor((Date.now() - 2 * 86_400_000) / MIN) * MIN);

  beforeAll(async () => {
    t = await startControlApp(backend, start);
    const signed = await signInAs(t.app, ADMIN);
    admin = { email: signed.email, token: signed.token };
  }, 120_000);
  afterAll(() => t?.close());

  it('reads the demo defaults: 95 % of 800 kW, shedding on', async () => {
    const body = (await call(t.app, admin, GET, {})).json();
    expect(body.settings).toMatchObject({ targetPercent: 95, autoShed: true, minOffMinutes: 5 });
    expect(body.demand).toMatchObject({ contractCapacityKw: 800, targetKw: 760, autoShed: true });
  });

  it('is for the Admin user only', async () => {
    const response = await call(t.app, t.demo, UPDATE, settings);
    expect(response.statusCode).toBe(403);
  });

  it.each([
    [{ targetPercent: 0 }, 'targetPercent'],
    [{ minOffMinutes: 40 }, 'minOffMinutes'],
    [{ maxOffMinutes: 1.5 }, 'maxOffMinutes'],
    [{ demandMailReceiverIds: ['x'] }, 'demandMailReceiverIds'],
  ])('refuses %j naming the field', async (bad, field) => {
    const response = await call(t.app, admin, UPDATE, { ...settings, ...bad });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(field);
  });

  it('saves and audits; the warning is mailed only to the receivers chosen for it', async () => {
    const saved = await call(t.app, t.demo, '/v1/Setting/UpdateEmailReceivers', {
      receivers: [
        { receiverName: 'Night shift', email: 'night@demo.test', status: 'on' },
        { receiverName: 'Energy manager', email: 'energy@demo.test', status: 'on' },
      ],
    });
    expect(saved.json().statusCode).toBe(200);
    const receivers = await t.db.query<{ id: number; email: string }>(
      'SELECT id, email FROM email_receivers ORDER BY id',
    );
    const energy = receivers.find((r) => r.email === 'energy@demo.test')!.id;
    // A target of 1 % of the contract: any working demand is over it.
    const update = await call(t.app, admin, UPDATE, {
      ...settings,
      targetPercent: 1,
      demandMailReceiverIds: [energy],
    });
    expect(update.json().settings).toMatchObject({
      targetPercent: 1,
      demandMailReceiverIds: [energy],
    });
    const audit = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'demand.settings.update'",
    );
    expect(audit[0]!.n).toBe(1);

    for (let i = 0; i < 3; i += 1) {
      t.clock.now += MIN;
      await t.app.simulator.tick(new Date(t.clock.now));
      // Rollups and latest values follow the acknowledgement (the worker paces its drains).
      await t.app.readingsFeed.idle();
      await t.app.control.scheduler.tick(t.clock.now + 3_000);
    }
    const mail = await t.db.query<{ to_address: string; subject: string }>(
      `SELECT o.to_address, o.subject FROM mail_outbox o
         JOIN events e ON e.factory_id = o.factory_id AND e.id = o.event_id
        WHERE e.kind = 'demand'`,
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to_address).toBe('energy@demo.test');
    expect(mail[0]!.subject).toContain('Predicted demand over target');
    expect(mail[0]!.subject).toContain('預測需量超過目標');
    // Shedding is off here: the warning goes out, nothing is switched.
    const sheds = await t.db.query('SELECT 1 FROM demand_sheds');
    expect(sheds).toHaveLength(0);
  });
});
