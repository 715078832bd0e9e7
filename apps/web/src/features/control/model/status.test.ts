import { describe, expect, it } from 'vitest';
import { confirmationTime, groupMethods, methodKey, pendingSwitch } from './status';

const NOW = Date.parse('2026-11-24T03:10:00Z'); // 11:10 in Taipei

describe('channel status', () => {
  it('shows a confirmation of the factory day as HH:mm in the factory zone', () => {
    expect(confirmationTime('2026-11-24T02:05:00Z', 'Asia/Taipei', NOW)).toBe('10:05');
  });

  it('adds the date for an earlier factory day, even when it is the same UTC day', () => {
    // 15:59 UTC on the 23rd is 23:59 on the 23rd in Taipei; 16:01 is already the 24th.
    expect(confirmationTime('2026-11-23T15:59:00Z', 'Asia/Taipei', NOW)).toBe('2026/11/23 23:59');
    expect(confirmationTime('2026-11-23T16:01:00Z', 'Asia/Taipei', NOW)).toBe('00:01');
  });

  it('uses a fixed offset zone and handles never / garbage', () => {
    expect(confirmationTime('2026-11-24T02:05:00Z', '+08:00', NOW)).toBe('10:05');
    expect(confirmationTime(null, 'Asia/Taipei', NOW)).toBeNull();
    expect(confirmationTime(undefined, 'Asia/Taipei', NOW)).toBeNull();
    expect(confirmationTime('yesterday', 'Asia/Taipei', NOW)).toBeNull();
  });

  it('names the control methods with the fixed strings keys', () => {
    expect(methodKey('Switch')).toBe('control.modes.switch');
    expect(methodKey('IR Control')).toBe('control.modes.irControl');
    expect(methodKey(undefined)).toBeNull();
    expect(groupMethods([{ controlMethod: 'Switch' }, {}, { controlMethod: 'Switch' }])).toEqual([
      'Switch',
    ]);
  });
});

describe('a switch the device has not confirmed yet', () => {
  const channel = (
    action: 'on' | 'off' | 'timer' | 'auto',
    status: 'on' | 'off' | 'offline',
    pendingState: 'on' | 'off' | null = null,
  ) => ({ action, status, pendingState });

  it('is the state of a command in flight when it differs from the confirmed one', () => {
    expect(pendingSwitch(channel('timer', 'off', 'on'), true)).toBe('on');
    expect(pendingSwitch(channel('on', 'offline', 'on'), true)).toBe('on');
    expect(pendingSwitch(channel('on', 'on', 'on'), true)).toBeNull(); // IR options only
  });

  it('follows a master switch both ways before any command is sent', () => {
    expect(pendingSwitch(channel('on', 'on'), false)).toBe('off');
    expect(pendingSwitch(channel('on', 'off'), true)).toBe('on');
    expect(pendingSwitch(channel('timer', 'on'), false)).toBe('off');
  });

  it('follows an action of on or off, and leaves timer and auto to the server', () => {
    expect(pendingSwitch(channel('off', 'on'), true)).toBe('off');
    expect(pendingSwitch(channel('timer', 'off'), true)).toBeNull();
    expect(pendingSwitch(channel('auto', 'on'), true)).toBeNull();
  });

  it('is nothing when the device agrees or is offline without a command', () => {
    expect(pendingSwitch(channel('on', 'on'), true)).toBeNull();
    expect(pendingSwitch(channel('off', 'off'), false)).toBeNull();
    expect(pendingSwitch(channel('on', 'offline'), true)).toBeNull();
  });
});
