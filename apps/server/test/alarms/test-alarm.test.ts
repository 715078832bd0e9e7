import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertReceivedPayload, StatusCode, testAlarmResponse } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { postJson } from '../helpers/test-app.ts';
import { addReceivers, eventsOf, outboxOf, startAlarmApp, type AlarmTestApp } from './alarm-app.ts';

const URL = '/api/test/alarm';

describe.each(backends)('POST /api/test/alarm on %s', (backend) => {
  describe('with dev tools', () => {
    let t: AlarmTestApp;
    const alerts: unknown[] = [];
    beforeAll(async () => {
      t = await startAlarmApp(backend, { DEV_TOOLS: '1' });
      const hub = t.app.hub;
      const toFactory = hub.toFactory.bind(hub);
      hub.toFactory = (factoryId, target, payload) => {
        if (target === 'AlertReceived') alerts.push(payload);
        return toFactory(factoryId, target, payload);
      };
      await addReceivers(t.db, t.factoryId, [
        { name: 'Ops', email: 'ops@example.com', status: 'on' },
        { name: 'Muted', email: 'muted@example.com', status: 'off' },
      ]);
    });
    afterAll(() => t?.close());

    const trigger = () => postJson(t.app, URL, {}, { authorization: `Bearer ${t.token}` });

    it('opens a test event like a real one: mail for receivers that are on, AlertReceived', async () => {
      const response = await trigger();
      expect(response.statusCode).toBe(200);
      const body = testAlarmResponse.parse(response.json());
      expect(body.statusCode).toBe(StatusCode.OK);
      const events = await eventsOf(t.db, t.factoryId);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        id: String(body.alarmId),
        kind: 'test',
        target: 'test',
        node_id: null,
        state: 'unresolved',
        title_en: 'Test alarm',
      });
      expect(await outboxOf(t.db, events[0]!.id)).toEqual([{ to_address: 'ops@example.com' }]);
      expect(alerts).toHaveLength(1);
      expect(alertReceivedPayload.parse(alerts[0])).toMatchObject({
        type: 'Abnormal',
        id: body.alarmId,
        titleText: 'Test alarm',
        title: '測試警報',
      });
    });

    it('while it is open, another trigger updates it and sends nothing new', async () => {
      const [first] = await eventsOf(t.db, t.factoryId);
      const body = testAlarmResponse.parse((await trigger()).json());
      expect(body.alarmId).toBe(Number(first!.id));
      expect(await eventsOf(t.db, t.factoryId)).toHaveLength(1);
      expect(alerts).toHaveLength(1);
    });

    it('once resolved, a trigger opens a new one', async () => {
      const [first] = await eventsOf(t.db, t.factoryId);
      await t.resolve(first!.id);
      const body = testAlarmResponse.parse((await trigger()).json());
      expect(body.alarmId).not.toBe(Number(first!.id));
      expect((await eventsOf(t.db, t.factoryId)).map((e) => e.state)).toEqual([
        'resolved',
        'unresolved',
      ]);
      expect(alerts).toHaveLength(2);
    });

    it('needs a token', async () => {
      expect((await postJson(t.app, URL, {})).statusCode).toBe(401);
    });
  });

  describe('without dev tools', () => {
    let t: AlarmTestApp;
    beforeAll(async () => {
      t = await startAlarmApp(backend, { DEV_TOOLS: '0' });
    });
    afterAll(() => t?.close());

    it('does not exist: 404, nothing opened', async () => {
      const response = await postJson(t.app, URL, {}, { authorization: `Bearer ${t.token}` });
      expect(response.statusCode).toBe(404);
      expect(await eventsOf(t.db, t.factoryId)).toEqual([]);
    });
  });
});
