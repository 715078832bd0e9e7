/**
 * The alarm e-mail of one event: bilingual subject and body,
 * English then Traditional Chinese, with the factory-local time. Pure.
 */
import { CLEAR_LINK_MARK } from './clear-link.ts';
import { renderMailDocument, type MailSection, type RenderedMail } from './mail-document.ts';
import {
  formatLimit,
  formatMailTime,
  formatMeasurement,
  targetLabel,
  type MailLanguage,
} from './mail-format.ts';

export interface EventMailInput {
  eventId: number;
  kind: string;
  target: string;
  titleEn: string;
  descEn: string;
  titleZh: string;
  descZh: string;
  value: number | null;
  thresholdLow: number | null;
  thresholdHigh: number | null;
  openedAt: Date;
  /** Null for events that are not about one node. */
  node: { name: string; chName: string } | null;
  factory: { name: string; nameZh: string; timeZone: string };
}

const WORDS = {
  en: {
    heading: (factory: string) => `Wattboard alarm: ${factory}`,
    node: 'Monitoring point',
    target: 'Target',
    value: 'Value',
    limit: 'Limit',
    time: 'Time',
    event: 'Event',
    clearLink: `Clear this alarm without signing in (the link works once, for 12 hours): ${CLEAR_LINK_MARK}`,
    footer:
      'You receive this mail because you are an alarm e-mail receiver of this factory in Wattboard. ' +
      'Clear the alarm in the dashboard once it is handled.',
  },
  zh: {
    heading: (factory: string) => `瓦特板警報：${factory}`,
    node: '監測點',
    target: '項目',
    value: '數值',
    limit: '門檻',
    time: '時間',
    event: '事件',
    clearLink: `免登入清除此警報（連結限用一次，12 小時內有效）：${CLEAR_LINK_MARK}`,
    footer:
      '您收到此郵件，是因為您是此工廠在瓦特板中的警報郵件收件人。處理完畢後，請在儀表板中清除警報。',
  },
} as const;

/** "Voltage too high" + node → "Voltage too high – Compressor 1", unless the title names the node already. */
function titleWithNode(title: string, nodeName: string | undefined): string {
  if (!nodeName || title.includes(nodeName)) return title;
  return `${title} – ${nodeName}`;
}

function section(input: EventMailInput, language: MailLanguage): MailSection {
  const words = WORDS[language];
  const en = language === 'en';
  const nodeName = en ? input.node?.name : input.node?.chName;
  const facts: [string, string][] = [];
  if (nodeName) facts.push([words.node, nodeName]);
  facts.push([words.target, targetLabel(input.target, language)]);
  // An anomaly's value is the quarter's kW, its limits the band around the typical kW it left.
  if (input.kind === 'threshold' || input.kind === 'anomaly') {
    facts.push([words.value, formatMeasurement(input.value, input.target, language)]);
    facts.push([
      words.limit,
      formatLimit(input.thresholdLow, input.thresholdHigh, input.target, language),
    ]);
  }
  facts.push([words.time, formatMailTime(input.openedAt, input.factory.timeZone)]);
  facts.push([words.event, `#${input.eventId}`]);
  return {
    lang: en ? 'en' : 'zh-Hant-TW',
    heading: words.heading(en ? input.factory.name : input.factory.nameZh),
    paragraphs: [
      titleWithNode(en ? input.titleEn : input.titleZh, nodeName),
      en ? input.descEn : input.descZh,
    ].filter((text) => text.trim() !== ''),
    facts,
    // The outbox worker puts the receiver's own link here, or drops the line (alarm-links).
    closing: [words.clearLink],
    footer: words.footer,
  };
}

/** Subject "[Wattboard] <English title – node> / <Chinese title – node>" and the two-language body. */
export function renderEventMail(input: EventMailInput): RenderedMail {
  const subject =
    `[Wattboard] ${titleWithNode(input.titleEn, input.node?.name)}` +
    ` / ${titleWithNode(input.titleZh, input.node?.chName)}`;
  return renderMailDocument(subject, [section(input, 'en'), section(input, 'zh')]);
}
