import { describe, expect, it } from 'vitest';
import {
  confirmationOverdue,
  planCommand,
  type CommandHistory,
} from '../../src/modules/control/calc/plan-command.ts';

const NOW = Date.parse('2026-12-01T02:00:00Z');
const s = (seconds: number) => NOW - seconds * 1000;
const quiet: CommandHistory = {
  status: 'off',
  pendingSince: null,
  lastCommandAt: null,
  optionsChanged: false,
};

describe('whether a command goes out', () => {
  it.each([
    ['wanted differs from confirmed', 'on', {}, { send: 'on', reason: 'switch' }],
    ['wanted equals confirmed', 'off', {}, { send: null }],
    ['no opinion', null, {}, { send: null }],
    ['a command awaits its answer', 'on', { pendingSince: s(30) }, { send: null }],
    [
      'an answer overdue does not block',
      'on',
      { pendingSince: s(60), lastCommandAt: s(60) },
      { send: 'on', reason: 'switch' },
    ],
    ['anti-chatter: switched 30 s ago', 'on', { lastCommandAt: s(30) }, { send: null }],
    [
      "a person's switch 5 s after the last command goes at once",
      'on',
      { lastCommandAt: s(5), byPerson: true },
      { send: 'on', reason: 'switch' },
    ],
    [
      "a person's switch still waits for a command in flight",
      'on',
      { pendingSince: s(5), lastCommandAt: s(5), byPerson: true },
      { send: null },
    ],
    [
      "a person's switch to an offline device is tried at once",
      'on',
      { status: 'offline', lastCommandAt: s(120), byPerson: true },
      { send: 'on', reason: 'retry' },
    ],
    [
      'a person agreeing with the device sends nothing',
      'off',
      { lastCommandAt: s(5), byPerson: true },
      { send: null },
    ],
    [
      'anti-chatter: switched a minute ago',
      'on',
      { lastCommandAt: s(60) },
      { send: 'on', reason: 'switch' },
    ],
    [
      'anti-chatter tolerates a tick 5 s early',
      'on',
      { lastCommandAt: s(55) },
      { send: 'on', reason: 'switch' },
    ],
    [
      'offline: retried after 5 min',
      'on',
      { status: 'offline', lastCommandAt: s(300) },
      { send: 'on', reason: 'retry' },
    ],
    [
      'offline: not every minute',
      'on',
      { status: 'offline', lastCommandAt: s(120) },
      { send: null },
    ],
    ['offline, never commanded', 'off', { status: 'offline' }, { send: 'off', reason: 'retry' }],
    [
      'IR options changed while on',
      'on',
      { status: 'on', optionsChanged: true },
      { send: 'on', reason: 'options' },
    ],
    [
      'IR options changed while off',
      'off',
      { status: 'off', optionsChanged: true },
      { send: null },
    ],
    [
      'IR options changed, anti-chatter',
      'on',
      { status: 'on', optionsChanged: true, lastCommandAt: s(10) },
      { send: null },
    ],
  ] as const)('%s', (_, wanted, change, expected) => {
    expect(planCommand(wanted, { ...quiet, ...change }, NOW)).toEqual(expected);
  });

  it('marks a command overdue at exactly 60 s, not before', () => {
    expect(confirmationOverdue(s(59.999), NOW)).toBe(false);
    expect(confirmationOverdue(s(60), NOW)).toBe(true);
  });

  it('switches at most once per minute when the wish flips every tick', () => {
    let history: CommandHistory = { ...quiet };
    const sent: number[] = [];
    for (let second = 0; second <= 300; second += 20) {
      const now = NOW + second * 1000;
      const wanted = (second / 20) % 2 === 0 ? 'on' : 'off';
      const plan = planCommand(wanted, history, now);
      if (plan.send !== null) {
        sent.push(second);
        // The device confirms at once.
        history = { ...history, status: plan.send, lastCommandAt: now };
      }
    }
    for (let i = 1; i < sent.length; i += 1)
      expect(sent[i]! - sent[i - 1]!).toBeGreaterThanOrEqual(55);
    expect(sent.length).toBeGreaterThan(2);
  });
});
