import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFactoryResponse, DEFAULT_WORKING_HOURS } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { startAdminFixture, type AdminFixture } from './admin-fixture.ts';

const GET = '/v1/Admin/Factory/Get';
const UPDATE = '/v1/Admin/Factory/Update';

/** Decision 0091: Admin › Factory's working hours, which the waste finder reads. */
describe.each(backends)('admin working hours on %s', (backend) => {
  let f: AdminFixture;
  const settings = {
    name: 'Demo Plant',
    nameZh: '示範工廠',
    timeZone: 'Asia/Taipei',
    co2Factor: 0.5,
    contractCapacityKw: 300,
  };
  const read = async (token = f.adminToken) =>
    adminFactoryResponse.parse((await f.call(GET, token)).json()).factory.workingHours;

  beforeAll(async () => {
    f = await startAdminFixture(backend);
  });
  afterAll(() => f.close());

  it("starts every factory on the demo's shifts, and a save without them keeps them", async () => {
    expect(await read()).toEqual(DEFAULT_WORKING_HOURS);
    const saved = await f.call(UPDATE, f.adminToken, settings);
    expect(saved.statusCode).toBe(200);
    expect(await read()).toEqual(DEFAULT_WORKING_HOURS);
  });

  it('saves three shifts and a night shift over midnight, in order, auditing the change', async () => {
    const hours = {
      weekday: [
        { from: '22:00', to: '24:00' },
        { from: '00:00', to: '06:00' },
        { from: '06:00', to: '22:00' },
      ],
      saturday: [{ from: '00:00', to: '06:00' }],
      sundayHoliday: [],
    };
    const saved = adminFactoryResponse.parse(
      (await f.call(UPDATE, f.adminToken, { ...settings, workingHours: hours })).json(),
    );
    const ordered = {
      ...hours,
      weekday: [
        { from: '00:00', to: '06:00' },
        { from: '06:00', to: '22:00' },
        { from: '22:00', to: '24:00' },
      ],
    };
    expect(saved.factory.workingHours).toEqual(ordered);
    expect(await read()).toEqual(ordered);
    const audit = await f.t.testDb.db.query<{ detail: Record<string, unknown> }>(
      "SELECT detail FROM audit_log WHERE action = 'factory.update' ORDER BY id DESC LIMIT 1",
    );
    expect(audit[0]!.detail).toEqual({
      workingHours: { from: DEFAULT_WORKING_HOURS, to: ordered },
    });
    // The same hours again change nothing, so nothing more is audited.
    const audited = async () =>
      (
        await f.t.testDb.db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM audit_log WHERE action = 'factory.update'",
        )
      )[0]!.n;
    const before = await audited();
    await f.call(UPDATE, f.adminToken, { ...settings, workingHours: ordered });
    expect(await audited()).toBe(before);
  });

  it('refuses bad periods naming them, saving nothing, and keeps factories apart', async () => {
    const before = await read();
    for (const [workingHours, words] of [
      [
        { ...DEFAULT_WORKING_HOURS, weekday: [{ from: '08:00', to: '07:00' }] },
        'to must be after from',
      ],
      [{ ...DEFAULT_WORKING_HOURS, weekday: [{ from: '08:10', to: '17:00' }] }, 'quarter hour'],
      [{ ...DEFAULT_WORKING_HOURS, saturday: [{ from: '08:00', to: '25:00' }] }, 'quarter hour'],
      [
        {
          ...DEFAULT_WORKING_HOURS,
          sundayHoliday: [
            { from: '08:00', to: '12:00' },
            { from: '11:00', to: '13:00' },
          ],
        },
        'sundayHoliday: periods must not overlap',
      ],
      [{ weekday: [], saturday: [] }, 'sundayHoliday'],
      [{ ...DEFAULT_WORKING_HOURS, weekday: 'always' }, 'weekday must be a list of periods'],
      ['9 to 5', 'workingHours must be an object'],
    ] as const) {
      const response = await f.call(UPDATE, f.adminToken, { ...settings, workingHours });
      expect(response.statusCode, JSON.stringify(workingHours)).toBe(400);
      expect(response.json().message).toContain(words);
    }
    expect(await read()).toEqual(before);
    // Another factory's hours are its own.
    expect(await read(f.otherAdminToken)).toEqual(DEFAULT_WORKING_HOURS);
    expect((await f.call(GET, f.demoToken)).statusCode).toBe(403);
  });
});
