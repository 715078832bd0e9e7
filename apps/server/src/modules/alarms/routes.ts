import type { FastifyInstance } from 'fastify';
import { alarmList, alarmUpdate, StatusCode, testAlarm } from '@wattboard/contract';
import { businessFailure, okEnvelope, registerCallerCall } from '../auth/index.ts';
import { sendError } from '../../platform/http/error-handler.ts';
import { findFactoryNode } from '../monitor/index.ts';
import { loadAlarmItems, thresholdProblem } from './settings-list.ts';
import { upsertNodeSettings } from './repo/settings.ts';
import { raiseTestAlarm } from './test-alarm.ts';
import { deviceNotFoundMessage } from '../../platform/http/not-found-messages.ts';

export interface AlarmRoutesOptions {
  /** POST /api/test/alarm exists only with dev tools. */
  devTools: boolean;
  now?: () => Date;
}

/**
 * POST /v1/Web/Setting/Alarm/List and /Update: a node of the
 * caller's factory (1009 otherwise, as the monitor calls answer), and the
 * developer tools' test alarm.
 */
export async function alarmRoutes(app: FastifyInstance, options: AlarmRoutesOptions) {
  const now = () => (options.now ? options.now() : new Date());

  registerCallerCall(app, alarmList, async ({ body, auth }) => {
    const node = await findFactoryNode(app.db, auth.factory.id, body.deviceId);
    if (!node) {
      return businessFailure(
        alarmList.path,
        auth,
        StatusCode.IoTDeviceNotFound,
        deviceNotFoundMessage(body.deviceId),
      );
    }
    const list = await loadAlarmItems(app.db, auth.factory.id, node.id, now().getTime());
    return { ...okEnvelope(alarmList.path, auth), list };
  });

  registerCallerCall(app, alarmUpdate, async ({ request, reply, body, auth }) => {
    const problem = thresholdProblem(body.alarms);
    if (problem) {
      return sendError(request, reply, 400, { statusCode: StatusCode.Fail, message: problem });
    }
    const node = await findFactoryNode(app.db, auth.factory.id, body.deviceId);
    if (!node) {
      return businessFailure(
        alarmUpdate.path,
        auth,
        StatusCode.IoTDeviceNotFound,
        deviceNotFoundMessage(body.deviceId),
      );
    }
    await upsertNodeSettings(app.db, auth.factory.id, node.id, body.alarms);
    return {
      ...okEnvelope(alarmUpdate.path, auth),
      message: 'Alarm settings saved.',
      factoryId: auth.factory.id,
    };
  });

  if (options.devTools) {
    registerCallerCall(app, testAlarm, async ({ auth }) => {
      const result = await raiseTestAlarm(app, auth.factory.id, auth.user.username, now());
      return {
        ...okEnvelope(testAlarm.path, auth),
        message: result.opened
          ? 'Test alarm raised.'
          : 'The test alarm is still open; it was updated.',
        alarmId: result.eventId,
      };
    });
  }
}
