import { describe, expect, it } from 'vitest';
import {
  isFutureLocalSlot,
  isFutureSlot,
  localSlotStart,
} from '../../src/modules/monitor/calc/future-slot.ts';
import { ZoneClock } from '@wattboard/zone-time';

const at = (iso: string) => Date.parse(iso);
const taipei = new ZoneClock('Asia/Taipei');
const berlin = new ZoneClock('Europe/Berlin');

describe('whether a slot is in the future', () => {
  const now = at('2026-11-21T06:07:00Z'); // 14:07 in Taipei

  it('is future only once its start is after now: the running slot has begun', () => {
    expect(isFutureSlot(now + 1, now)).toBe(true);
    expect(isFutureSlot(now, now)).toBe(false);
    expect(isFutureSlot(now - 1, now)).toBe(false);
  });

  it("keys local slots in the factory's zone, not the server's", () => {
    expect(localSlotStart('2026-11-21', 14 * 60, taipei)).toBe(at('2026-11-21T06:00:00Z'));
    expect(isFutureLocalSlot('2026-11-21', 14 * 60, taipei, now)).toBe(false); // 14:00–14:15
    expect(isFutureLocalSlot('2026-11-21', 14 * 60 + 15, taipei, now)).toBe(true); // 14:15
    expect(isFutureLocalSlot('2026-11-21', 23 * 60 + 45, taipei, now)).toBe(true);
    // The same wall-clock slot in Berlin (UTC+1) began at 13:00 UTC: still ahead.
    expect(isFutureLocalSlot('2026-11-21', 14 * 60, berlin, now)).toBe(true);
    expect(isFutureLocalSlot('2026-11-21', 7 * 60, berlin, now)).toBe(false);
  });

  it('treats earlier days as past and later days as future at any hour', () => {
    expect(isFutureLocalSlot('2026-11-20', 23 * 60 + 45, taipei, now)).toBe(false);
    expect(isFutureLocalSlot('2026-11-22', 0, taipei, now)).toBe(true);
  });

  it('places a slot the day skipped for daylight saving at the end of the gap', () => {
    // 2026-03-29 in Berlin jumps from 02:00 to 03:00 (01:00 UTC).
    expect(localSlotStart('2026-03-29', 2 * 60 + 15, berlin)).toBe(at('2026-03-29T01:00:00Z'));
    expect(isFutureLocalSlot('2026-03-29', 2 * 60 + 15, berlin, at('2026-03-29T00:59:00Z'))).toBe(
      true,
    );
    expect(isFutureLocalSlot('2026-03-29', 2 * 60 + 15, berlin, at('2026-03-29T01:00:00Z'))).toBe(
      false,
    );
  });
});
