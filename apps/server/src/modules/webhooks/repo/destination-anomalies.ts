import type { Queryable } from '../../../platform/db/db.ts';

/**
 * Whether a destination gets anomaly events (decision 0082). Saved by its
 * own statement in the save's transaction: the choice is optional in the
 * call (absent keeps it), unlike the fields every save sets.
 */
export async function setWebhookAnomalies(
  db: Queryable,
  factoryId: number,
  id: number,
  anomalies: boolean,
): Promise<void> {
  await db.query(
    'UPDATE webhook_destinations SET anomalies = $3 WHERE factory_id = $1 AND id = $2',
    [factoryId, id, anomalies],
  );
}
