import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import {
  emailReceiver,
  emailReceiversGet,
  emailReceiversUpdate,
  emailReceiversUpdateRequest,
} from '@wattboard/contract';
import { dropBlankReceiverRows, receiverSaveMessage } from './receivers.ts';
import { loadEmailReceivers, replaceEmailReceivers } from './repo/receivers.ts';
import { okEnvelope, registerCallerCall } from '../auth/index.ts';

/** A row as an editor may send it: name or e-mail possibly blank (dropped below). */
const receiverRowAsSent = z.object({
  id: emailReceiver.shape.id,
  receiverName: z.string().nullish(),
  email: z.string().nullish(),
  status: emailReceiver.shape.status,
});

/**
 * The contract's update request with the receiver editor's first rule applied on the
 * server too: rows lacking a name or an e-mail are dropped before the
 * contract's checks (at most 5, valid e-mail, no address twice).
 */
export const receiversUpdateServerRequest = emailReceiversUpdateRequest.extend({
  receivers: z
    .array(receiverRowAsSent)
    .transform(dropBlankReceiverRows)
    .pipe(emailReceiversUpdateRequest.shape.receivers),
});

/** POST /v1/Setting/GetEmailReceivers and /UpdateEmailReceivers: the caller's factory only. */
export async function emailReceiverRoutes(app: FastifyInstance) {
  registerCallerCall(app, emailReceiversGet, async ({ auth }) => {
    return {
      ...okEnvelope(emailReceiversGet.path, auth),
      data: await loadEmailReceivers(app.db, auth.factory.id),
    };
  });

  registerCallerCall(
    app,
    { ...emailReceiversUpdate, request: receiversUpdateServerRequest },
    async ({ body, auth }) => {
      const { updated, deleted } = await replaceEmailReceivers(
        app.db,
        auth.factory.id,
        body.receivers,
      );
      return {
        ...okEnvelope(emailReceiversUpdate.path, auth),
        data: { updated, deleted, message: receiverSaveMessage(updated, deleted) },
      };
    },
  );
}
