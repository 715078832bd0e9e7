import {
  alertListItem,
  announcementListItem,
  hubServerEvents,
  MAX_NOTIFICATIONS,
} from '@wattboard/contract';
import type { AlertListItem, AnnouncementListItem } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import { alertWire, announcementWire } from '@/testing/notifications/notification-fixtures';
import { emptyNotifications, notificationReducer } from './notification-reducer';
import type { NotificationAction, NotificationState } from './notification-reducer';

const alert = (id: number, state = 'unresolved'): AlertListItem =>
  alertListItem.parse(alertWire(id, { state }));
const announcement = (id: number): AnnouncementListItem =>
  announcementListItem.parse(announcementWire(id));
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

function run(...actions: NotificationAction[]): NotificationState {
  return actions.reduce(notificationReducer, emptyNotifications);
}

describe('adding one notification', () => {
  it('puts an abnormal one at the front, numbers the list from 1 and sets the new flag', () => {
    const state = run(
      { type: 'addAbnormal', notification: alert(1) },
      { type: 'addAbnormal', notification: alert(2) },
    );
    expect(state.abnormal.map((n) => [n.id, n.counter, n.type])).toEqual([
      [2, 1, 'Abnormal'],
      [1, 2, 'Abnormal'],
    ]);
    expect(state.hasNew).toBe(true);
    expect(state.official).toEqual([]);
  });

  it('puts an official one at the front and sets the new flag', () => {
    const state = run(
      { type: 'addOfficial', notification: announcement(1) },
      { type: 'addOfficial', notification: announcement(2) },
    );
    expect(state.official.map((n) => [n.id, n.counter, n.type])).toEqual([
      [2, 1, 'Official'],
      [1, 2, 'Official'],
    ]);
    expect(state.hasNew).toBe(true);
  });

  it(`keeps at most ${MAX_NOTIFICATIONS}, dropping the oldest`, () => {
    const adds = range(1, MAX_NOTIFICATIONS + 2).map((id): NotificationAction => ({
      type: 'addAbnormal',
      notification: alert(id),
    }));
    const state = run(...adds);
    expect(state.abnormal).toHaveLength(MAX_NOTIFICATIONS);
    expect(state.abnormal[0]).toMatchObject({ id: 22, counter: 1 });
    expect(state.abnormal.at(-1)).toMatchObject({ id: 3, counter: 20 });
  });

  it('moves a notification that is already listed to the front instead of listing it twice', () => {
    const state = run(
      { type: 'replaceAbnormal', list: [alert(1), alert(2)], initial: true },
      { type: 'addAbnormal', notification: alert(2) },
    );
    expect(state.abnormal.map((n) => n.id)).toEqual([2, 1]);
  });
});

describe('replacing a list', () => {
  it('keeps the first 20 of a longer batch, numbered in order', () => {
    const list = range(1, 25).map((id) => alert(id));
    const state = run({ type: 'replaceAbnormal', list, initial: true });
    expect(state.abnormal.map((n) => n.id)).toEqual(range(1, 20));
    expect(state.abnormal.map((n) => n.counter)).toEqual(range(1, 20));
    const official = run({
      type: 'replaceOfficial',
      list: range(1, 21).map(announcement),
      initial: true,
    }).official;
    expect(official.map((n) => n.id)).toEqual(range(1, 20));
  });

  it('does not set the new flag for the initial load', () => {
    const state = run(
      { type: 'replaceAbnormal', list: [alert(1)], initial: true },
      { type: 'replaceOfficial', list: [announcement(1)], initial: true },
    );
    expect(state.hasNew).toBe(false);
  });

  it('sets the new flag for a later, non-empty batch', () => {
    expect(run({ type: 'replaceAbnormal', list: [alert(1)], initial: false }).hasNew).toBe(true);
    expect(run({ type: 'replaceOfficial', list: [announcement(1)], initial: false }).hasNew).toBe(
      true,
    );
  });

  it('does not set the flag for an empty batch, and leaves a set flag alone', () => {
    expect(run({ type: 'replaceAbnormal', list: [], initial: false }).hasNew).toBe(false);
    expect(run({ type: 'replaceOfficial', list: [], initial: false }).hasNew).toBe(false);
    const flagged = run(
      { type: 'addAbnormal', notification: alert(1) },
      { type: 'replaceOfficial', list: [], initial: true },
    );
    expect(flagged.hasNew).toBe(true);
  });

  it('replaces rather than merges', () => {
    const state = run(
      { type: 'replaceAbnormal', list: [alert(1), alert(2)], initial: true },
      { type: 'replaceAbnormal', list: [alert(3)], initial: false },
    );
    expect(state.abnormal.map((n) => n.id)).toEqual([3]);
  });
});

describe('the unresolved total', () => {
  it('counts the abnormal notifications whose state is unresolved', () => {
    const state = run(
      { type: 'replaceAbnormal', list: [alert(1), alert(2, 'resolved'), alert(3)], initial: true },
      { type: 'addOfficial', notification: announcement(9) },
    );
    expect(state.total).toBe(2);
    const afterAdd = notificationReducer(state, { type: 'addAbnormal', notification: alert(4) });
    expect(afterAdd.total).toBe(3);
    const afterRefresh = notificationReducer(afterAdd, {
      type: 'replaceAbnormal',
      list: [alert(4, 'resolved'), alert(1, 'resolved')],
      initial: false,
    });
    expect(afterRefresh.total).toBe(0);
  });

  it("takes the state from the server: anything but 'resolved' is unresolved", () => {
    const parse = (state: unknown) =>
      hubServerEvents.AlertReceived.parse({ type: 'Abnormal', ...alertWire(1, { state }) });
    expect(parse('resolved').state).toBe('resolved');
    expect(parse('open').state).toBe('unresolved');
    expect(parse(undefined).state).toBe('unresolved');
    const state = run({ type: 'addAbnormal', notification: parse('acknowledged') });
    expect(state.abnormal[0]?.state).toBe('unresolved');
    expect(state.total).toBe(1);
  });
});

describe('clearing and resetting', () => {
  it('clears the new flag and keeps the lists', () => {
    const state = run({ type: 'addAbnormal', notification: alert(1) }, { type: 'clearNew' });
    expect(state.hasNew).toBe(false);
    expect(state.abnormal).toHaveLength(1);
  });

  it('returns the same state when there is no flag to clear (no re-render)', () => {
    const state = run({ type: 'replaceAbnormal', list: [alert(1)], initial: true });
    expect(notificationReducer(state, { type: 'clearNew' })).toBe(state);
  });

  it('resets everything', () => {
    const state = run(
      { type: 'addAbnormal', notification: alert(1) },
      { type: 'addOfficial', notification: announcement(1) },
      { type: 'reset' },
    );
    expect(state).toEqual({ abnormal: [], official: [], hasNew: false, total: 0 });
  });
});
