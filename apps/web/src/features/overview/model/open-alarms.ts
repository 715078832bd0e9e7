import type { z } from 'zod';
import type { AbnormalNotification, overviewOpenAlarm } from '@wattboard/contract';
import { normalizeLanguage } from '@/lib/i18n';

export type OpenAlarm = z.infer<typeof overviewOpenAlarm>;

type HubAlert = Pick<
  AbnormalNotification,
  'id' | 'time' | 'titleText' | 'descText' | 'title' | 'desc' | 'state'
>;

/**
 * The Alarm card's list: the open events the Overview answered with, plus
 * alarms the hub pushed since (so a new alarm shows without a refetch), less
 * those the hub reports resolved since; one entry per event, newest first.
 */
export function mergeOpenAlarms(
  answered: readonly OpenAlarm[],
  pushed: readonly HubAlert[],
): OpenAlarm[] {
  const resolved = new Set(pushed.filter((a) => a.state === 'resolved').map((a) => a.id));
  const byId = new Map<number, OpenAlarm>();
  for (const alarm of answered) if (!resolved.has(alarm.id)) byId.set(alarm.id, alarm);
  for (const alert of pushed) {
    if (alert.state === 'resolved' || byId.has(alert.id)) continue;
    const { id, time, titleText, descText, title, desc } = alert;
    byId.set(id, { id, nodeId: null, time, titleText, descText, title, desc });
  }
  return [...byId.values()].sort((a, b) => Date.parse(b.time) - Date.parse(a.time));
}

/** *Text fields are English, title/desc Chinese; the page language's, else the other. */
export function alarmTexts(alarm: OpenAlarm, language: string): { title: string; desc: string } {
  const zh = normalizeLanguage(language) === 'zh';
  const pick = (english: string, chinese: string) =>
    (zh ? chinese : english).trim() || (zh ? english : chinese).trim();
  return { title: pick(alarm.titleText, alarm.title), desc: pick(alarm.descText, alarm.desc) };
}
