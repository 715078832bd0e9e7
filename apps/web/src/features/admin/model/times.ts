import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/** Spec §9's formats: yyyy/MM/dd HH:mm in the factory's zone (this PC's until it is known). */
export function factoryDateTime(iso: string | null, zone: string | null): string | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return null;
  return format(zone ? new TZDate(ms, zone) : new Date(ms), 'yyyy/MM/dd HH:mm');
}
