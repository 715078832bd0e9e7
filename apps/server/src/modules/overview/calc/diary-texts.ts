/**
 * The power diary's descriptions, English and Traditional Chinese side by
 * side (like the alarm texts): the server writes them so every client shows
 * the same wording, and the client picks the one of its language.
 */
export interface Texts {
  description: string;
  descriptionZh: string;
}

export const kw = (value: number) => `${value.toFixed(1)} kW`;

const onOff = (state: 'on' | 'off') => ({
  en: state === 'on' ? 'on' : 'off',
  zh: state === 'on' ? '開啟' : '關閉',
});

export const diaryTexts = {
  /**
   * The event's description alone: it already names the point, the quantity,
   * the value and the limit ("Air Compressor 1: current 52.3 A is above the
   * high limit 50 A."), and the entry's status label says "Alarm". Adding the
   * title ("Current alarm: Air Compressor 1") said point and kind twice.
   */
  alarmOpened: (descEn: string, descZh: string): Texts => ({
    description: descEn,
    descriptionZh: descZh,
  }),
  /** The title names the kind and the point once; then who cleared it. */
  alarmCleared: (titleEn: string, titleZh: string, by: string | null): Texts => ({
    description: by ? `${titleEn} — cleared by ${by}` : `${titleEn} — cleared`,
    descriptionZh: by ? `${titleZh} — 已由 ${by} 清除` : `${titleZh} — 已清除`,
  }),
  meterOffline: (name: string, chName: string, since: string): Texts => ({
    description: `${name} went offline (no reading since ${since})`,
    descriptionZh: `${chName} 離線（${since} 起無讀值）`,
  }),
  meterOnline: (name: string, chName: string, minutes: number): Texts => ({
    description: `${name} is back online after ${minutes} min without readings`,
    descriptionZh: `${chName} 恢復連線（中斷 ${minutes} 分鐘）`,
  }),
  dayDemandMax: (value: number, block: string): Texts => ({
    description: `Today's maximum demand so far: ${kw(value)} (${block})`,
    descriptionZh: `今日最高需量：${kw(value)}（${block}）`,
  }),
  monthDemandMax: (value: number, previous: number, block: string): Texts => ({
    description: `New monthly maximum demand: ${kw(value)} (${block}), previous ${kw(previous)}`,
    descriptionZh: `本月最高需量創新高：${kw(value)}（${block}），先前 ${kw(previous)}`,
  }),
  demandNearCapacity: (value: number, percent: number, capacity: number): Texts => ({
    description: `Demand ${kw(value)} reached ${percent}% of the contract capacity ${kw(capacity)}`,
    descriptionZh: `需量 ${kw(value)} 達契約容量 ${kw(capacity)} 的 ${percent}%`,
  }),
  commandSent: (name: string, chName: string, state: 'on' | 'off'): Texts => ({
    description: `Command sent: switch ${name} ${onOff(state).en}`,
    descriptionZh: `已送出指令：${onOff(state).zh}${chName}`,
  }),
  commandConfirmed: (name: string, chName: string, state: 'on' | 'off'): Texts => ({
    description: `${name} confirmed it is ${onOff(state).en}`,
    descriptionZh: `${chName} 已確認${onOff(state).zh}`,
  }),
  commandUnanswered: (name: string, chName: string, state: 'on' | 'off'): Texts => ({
    description: `${name} did not confirm switching ${onOff(state).en} within 60 s: offline`,
    descriptionZh: `${chName} 未在 60 秒內確認${onOff(state).zh}：離線`,
  }),
};
