import type { WorkingHours } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';
import { shiftsOf, type Shifts } from '../calc/calendar.ts';

/** The factory's working hours (Admin › Factory, decision 0091) as the finder's shifts. */
export async function factoryShifts(db: Queryable, factoryId: number): Promise<Shifts> {
  const rows = await db.query<{ working_hours: WorkingHours }>(
    'SELECT working_hours FROM factories WHERE id = $1',
    [factoryId],
  );
  const hours = rows[0]?.working_hours;
  if (!hours) throw new Error(`factory ${factoryId} of a live session does not exist`);
  return shiftsOf(hours);
}
