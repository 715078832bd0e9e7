import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmListResponse } from '@wattboard/contract';
import { DEMO_ALARMS } from '../../src/modules/demo/repo/demo-alarms.ts';
import {
  evaluateSetting,
  type ActiveSetting,
  type Observation,
} from '../../src/modules/alarms/evaluate.ts';
import { targetValue } from '../../src/modules/alarms/targets.ts';
import { simEnvironment } from '../../src/modules/simulator/environment.ts';
import { buildReadings, factoryKw, offCheck } from '../../src/modules/simulator/generator.ts';
import { backends } from '../helpers/backends.ts';
import { demoModel } from '../simulator/demo-model.ts';
import { startAlarmApp, type AlarmTestApp } from './alarm-app.ts';

const MINUTE = 60_000;
const DAYS_PER_SEASON = 4;
/** A winter and a summer stretch, Monday to Thursday: summer brings hot panels and busy chillers. */
const SEASON_STARTS = ['2026-01-05T00:00:00+08:00', '2026-07-06T00:00:00+08:00'];

/**
 * The demo's limits against simulated days of minute readings (the live
 * simulator's data, anomalies included), through the real alarm rules: count
 * the alarm episodes, i.e. the events the demo would open.
 */
function simulatedEpisodes(startIso: string, days: number): Map<string, number> {
  const model = demoModel();
  const isOff = offCheck(new Set());
  const observations = new Map<string, Observation[]>();
  const observe = (key: string, ts: Date, value: number | null) => {
    if (value === null) return;
    const list = observations.get(key) ?? [];
    list.push({ ts, value });
    observations.set(key, list);
  };
  const byName = new Map(DEMO_ALARMS.map((alarm) => [`${alarm.node}/${alarm.target}`, alarm]));
  const topLevel = model.nodes.filter((node) => node.ancestorIds.length === 0);
  const start = Date.parse(startIso);
  let blockKw = 0;
  for (let minute = 1; minute <= days * 1440; minute += 1) {
    const end = start + minute * MINUTE;
    const env = simEnvironment(end, MINUTE, model.timeZone, model.seed);
    const kw = factoryKw(model, env, isOff);
    const readings = buildReadings(
      model,
      env,
      kw,
      () => ({ forward: 0, reverse: 0 }),
      () => true,
    );
    const ts = new Date(end);
    for (const [index, reading] of readings.entries()) {
      const node = model.nodes[index]!;
      for (const target of [
        'current',
        'temperature',
        'voltage',
        'frequency',
        'imbalance',
        'pf',
      ] as const) {
        const alarm = byName.get(`${node.name}/${target}`);
        if (alarm) observe(`${node.name}/${target}`, ts, targetValue(target, reading, alarm, null));
      }
    }
    blockKw += topLevel.reduce((sum, node) => sum + Math.max(0, kw[node.index] ?? 0), 0);
    if (minute % 15 === 0) {
      observe('Incoming Supply/demand', ts, blockKw / 15);
      blockKw = 0;
    }
  }
  const episodes = new Map<string, number>();
  for (const alarm of DEMO_ALARMS) {
    const key = `${alarm.node}/${alarm.target}`;
    const setting: ActiveSetting = {
      nodeId: 0,
      target: alarm.target,
      limits: alarm,
      status: 'normal',
      node: { name: alarm.node, chName: alarm.node },
      isVirtual: false,
    };
    // One observation at a time: an episode starts whenever a breach follows normal.
    let status = setting.status;
    let count = 0;
    for (const observation of observations.get(key) ?? []) {
      const outcome = evaluateSetting({ ...setting, status }, [observation])!;
      if (outcome.breach && status === 'normal') count += 1;
      status = outcome.status;
    }
    episodes.set(key, count);
  }
  return episodes;
}

describe('the demo alarm limits', () => {
  it.each(SEASON_STARTS)(
    "trip now and then on the simulator's anomalies from %s: a few events a day, not a flood",
    (startIso) => {
      const episodes = simulatedEpisodes(startIso, DAYS_PER_SEASON);
      const perDay = [...episodes.values()].reduce((sum, n) => sum + n, 0) / DAYS_PER_SEASON;
      expect(perDay).toBeGreaterThanOrEqual(0.5);
      expect(perDay).toBeLessThanOrEqual(5);
      // No single setting nags: a limit inside normal operation would open events all day.
      for (const [key, count] of episodes) {
        expect(count / DAYS_PER_SEASON, key).toBeLessThanOrEqual(1);
      }
    },
    60_000,
  );
});

describe.each(backends)('the demo seed on %s', (backend) => {
  let t: AlarmTestApp;
  beforeAll(async () => {
    t = await startAlarmApp(backend, {}, { keepDemoAlarms: true });
  });
  afterAll(() => t?.close());

  it('seeds every demo alarm, activated, on the node it names', async () => {
    const rows = await t.db.query<{ name: string; target: string; is_activated: boolean }>(
      `SELECT n.name, s.target, s.is_activated FROM alarm_settings s
         JOIN nodes n ON n.id = s.node_id WHERE s.factory_id = $1`,
      [t.factoryId],
    );
    expect(rows).toHaveLength(DEMO_ALARMS.length);
    expect(rows.every((row) => row.is_activated)).toBe(true);
    const supply = (
      await t.db.query<{ id: number }>(
        "SELECT id FROM nodes WHERE factory_id = $1 AND name = 'Incoming Supply'",
        [t.factoryId],
      )
    )[0]!.id;
    const list = alarmListResponse.parse(
      (await t.call('/v1/Web/Setting/Alarm/List', { deviceId: supply })).json(),
    ).list;
    expect(list.find((item) => item.target === 'demand')).toMatchObject({
      isActivated: true,
      threshold: { low: null, high: 600 },
    });
  });
});
