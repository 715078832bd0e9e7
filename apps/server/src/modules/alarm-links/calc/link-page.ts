import { escapeHtml } from '../../../platform/http/html-text.ts';
import { renderNoticePage, type NoticeSection } from '../../../platform/http/notice-page.ts';

/**
 * The pages a clear link opens (decision 0074): plain server HTML in English
 * and 中文, no script (the CSP allows none inline) and nothing of the factory
 * beyond the one alarm the link names. Pure.
 */
export type LinkPageState =
  | { kind: 'confirm'; token: string; alarm: AlarmFacts }
  | { kind: 'cleared'; alarm: AlarmFacts }
  | { kind: 'acknowledged'; alarm: AlarmFacts }
  | { kind: 'already-cleared'; alarm: AlarmFacts }
  | { kind: 'used' }
  | { kind: 'expired' }
  | { kind: 'invalid' };

export interface AlarmFacts {
  eventId: number;
  titleEn: string;
  titleZh: string;
  nodeEn: string | null;
  nodeZh: string | null;
  /** Factory-local time, already formatted. */
  openedAt: string;
}

/** The HTTP status of each state: a spent or expired link is Gone, an unknown one Not Found. */
export const LINK_PAGE_STATUS: Record<LinkPageState['kind'], number> = {
  confirm: 200,
  cleared: 200,
  acknowledged: 200,
  'already-cleared': 200,
  used: 410,
  expired: 410,
  invalid: 404,
};

const WORDS = {
  confirm: {
    en: [
      'Clear this alarm?',
      'It is marked handled for everyone in the factory. If you are on it but it is not handled yet, acknowledge it instead: escalation stops and it stays open.',
    ],
    zh: [
      '清除此警報？',
      '此警報將對工廠內所有人標示為已處理。若您正在處理但尚未完成，請改按「確認收到」：將停止升級通知，警報維持未解除。',
    ],
  },
  acknowledged: {
    en: [
      'Alarm acknowledged',
      'Escalation stops. The alarm stays open: clear it in the dashboard once it is handled.',
    ],
    zh: ['已確認收到警報', '將停止升級通知。警報維持未解除：處理完畢後請在儀表板清除。'],
  },
  cleared: { en: ['Alarm cleared', 'Thank you.'], zh: ['警報已清除', '謝謝。'] },
  'already-cleared': {
    en: ['Already cleared', 'Someone cleared this alarm before you.'],
    zh: ['已被清除', '此警報已有人先行清除。'],
  },
  used: {
    en: ['This link has been used', 'Each link works once. Open the dashboard to see the alarm.'],
    zh: ['此連結已使用過', '每個連結限用一次。請開啟儀表板查看警報。'],
  },
  expired: {
    en: [
      'This link has expired',
      'A link works for 12 hours. Open the dashboard to clear the alarm.',
    ],
    zh: ['此連結已過期', '連結 12 小時內有效。請開啟儀表板清除警報。'],
  },
  invalid: {
    en: ['This link is not valid', 'Check that the whole link was copied from the e-mail.'],
    zh: ['此連結無效', '請確認已從郵件中複製完整的連結。'],
  },
} as const;

function alarmBlock(alarm: AlarmFacts, language: 'en' | 'zh'): string {
  const title = language === 'en' ? alarm.titleEn : alarm.titleZh;
  const node = language === 'en' ? alarm.nodeEn : alarm.nodeZh;
  const label = language === 'en' ? 'Alarm' : '警報';
  return (
    `<p class="alarm"><strong>${escapeHtml(label)} #${alarm.eventId}</strong> ` +
    `${escapeHtml(node ? `${title} – ${node}` : title)}<br>${escapeHtml(alarm.openedAt)}</p>`
  );
}

function section(state: LinkPageState, language: 'en' | 'zh'): NoticeSection {
  const [heading, body] = WORDS[state.kind][language];
  return {
    heading,
    body,
    ...('alarm' in state && { detailHtml: alarmBlock(state.alarm, language) }),
  };
}

const PAGE_CSS = `.alarm{background:#fff;border:1px solid #d5dbe1;border-radius:6px;padding:.5rem .75rem}
button{min-height:44px;padding:0 1.25rem;border:0;border-radius:6px;background:#c62828;color:#fff;font:inherit;cursor:pointer;margin-top:1.25rem}
button.secondary{background:#fff;color:#1f2933;border:1px solid #7b8794}
`;

export function renderLinkPage(state: LinkPageState): string {
  const form =
    state.kind === 'confirm'
      ? `<form method="post"><input type="hidden" name="t" value="${escapeHtml(state.token)}">` +
        '<button type="submit" name="action" value="clear">Clear alarm · 清除警報</button> ' +
        '<button type="submit" name="action" value="acknowledge" class="secondary">' +
        'Acknowledge · 確認收到</button></form>'
      : '';
  return renderNoticePage({
    en: section(state, 'en'),
    zh: section(state, 'zh'),
    footerHtml: form,
    extraCss: PAGE_CSS,
  });
}
