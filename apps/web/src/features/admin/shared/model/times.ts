import { formatInstant } from '@/lib/format';

/** The app's date-time format: yyyy/MM/dd HH:mm in the factory's zone (this PC's until it is known). */
export function factoryDateTime(iso: string | null, zone: string | null): string | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return null;
  return formatInstant(ms, zone, 'dateTime');
}
