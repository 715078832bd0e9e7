import type { KindShape } from './kinds.ts';

/**
 * Names, sources and notes of the catalog's tariffs, in English and Chinese.
 * The Chinese is kept to characters the product already shows: every CJK
 * character in a shipped source grows the web's subset font (120 KB budget).
 */

const URL_EN =
  'https://www.taipower.com.tw/media/xtofy2yw/%E8%A9%B3%E7%B4%B0%E9%9B%BB%E5%83%B9%E8%A1%A8.pdf';
const URL_ZH = 'https://www.taipower.com.tw/media/xtofy2yw/詳細電價表.pdf';

const VOLTAGE = {
  high: { en: 'high-voltage', zh: '高壓' },
  extraHigh: { en: 'extra-high-voltage', zh: '特高壓' },
  low: { en: 'low-voltage', zh: '低壓' },
} as const;
const STAGES = {
  threeStage: { en: 'three-stage TOU', zh: '三段式時間電價' },
  twoStage: { en: 'two-stage TOU', zh: '二段式時間電價' },
  flat: { en: 'non-time-of-use', zh: '非時間電價' },
} as const;
type Tou = keyof typeof STAGES;
/**
 * Where the table is in T1 (the detailed table of 2025-10-01): chapter 5
 * §4(2) p.27, §4(1) p.26; low voltage chapter 4 §4(1) p.15, §4(2)1 p.16, §4(2)2 p.17.
 */
const PLACE = {
  high: {
    threeStage: { en: 'chapter 5 §4(2), p.27', zh: '第五章 四(二)，第27頁' },
    twoStage: { en: 'chapter 5 §4(1), p.26', zh: '第五章 四(一)，第26頁' },
    flat: null,
  },
  low: {
    threeStage: { en: 'chapter 4 §4(2)2, p.17', zh: '第四章 四(二)2，第17頁' },
    twoStage: { en: 'chapter 4 §4(2)1, p.16', zh: '第四章 四(二)1，第16頁' },
    flat: { en: 'chapter 4 §4(1), p.15', zh: '第四章 四(一)，第15頁' },
  },
} as const;
const CONTRACT = {
  high: { en: 'regular contract', zh: '經常契約' },
  demand: { en: 'demand contract', zh: '需量契約' },
  installed: { en: 'installed-capacity contract', zh: '裝置契約' },
} as const;
const SUMMER = {
  high: { en: 'summer 16 May–15 Oct', zh: '夏月 5/16–10/15' },
  low: { en: 'summer 1 Jun–30 Sep', zh: '夏月 6/1–9/30' },
} as const;

/** A day as Taiwan's official calendar writes it: 2024-10-16 → 113年10月16日. */
function roc(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return `${(year ?? 0) - 1911}年${month}月${date}日`;
}

export interface EntryTexts {
  name: string;
  nameZh: string;
  source: string;
  sourceZh: string;
  note: string;
}

export type Basis = 'confirmed' | 'carriedBack' | 'earlierDefault';

export function entryTexts(shape: KindShape, effectiveFrom: string, basis: Basis): EntryTexts {
  const { voltage } = shape;
  const tou: Tou = shape.timeOfUse ? shape.stages : 'flat';
  const v = VOLTAGE[voltage];
  const s = STAGES[tou];
  const low = voltage === 'low';
  const confirmed = basis === 'confirmed';
  const place = PLACE[low ? 'low' : 'high'][tou];
  if (!place) throw new Error('no high-voltage non-time-of-use table');
  const contract = CONTRACT[low ? shape.basis : 'high'];
  const summer = SUMMER[low ? 'low' : 'high'];
  // The extra-high-voltage figures are the table's second column.
  const column =
    voltage === 'extraHigh'
      ? { en: ', extra-high-voltage column', zh: '，特高壓欄' }
      : { en: '', zh: '' };
  const t1 = {
    en: `Taipower rate table (detailed), in force from 2025-10-01, ${place.en}${column.en}`,
    zh: `台灣電力公司電價表（詳細電價表），114年10月1日起實施，${place.zh}${column.zh}`,
  };
  const source = {
    confirmed: { en: `${t1.en}: ${URL_EN}`, zh: `${t1.zh}：${URL_ZH}` },
    carriedBack: {
      en: `Figures of the ${t1.en}, carried back to ${effectiveFrom}: Taipower's table of that day was not found, and industrial rates were reported unchanged on 2025-10-01: ${URL_EN}`,
      zh: `${t1.zh}之數值，用於${roc(effectiveFrom)}起：該日電價表未取得，產業電價據報114年10月1日未調整：${URL_ZH}`,
    },
    earlierDefault: {
      en: `No Taipower rate table of ${effectiveFrom} was found. Energy figures: Wattboard's earlier default, no primary source. Basic charges: as in Taipower's tables of 2015-03-20 and 2025-10-01 (${t1.en}: ${URL_EN})`,
      zh: `未取得台電${roc(effectiveFrom)}電價表。流動電費：Wattboard 舊預設值，無原始來源。基本電費：同台電104年3月20日及114年10月1日電價表（${t1.zh}：${URL_ZH}）`,
    },
  }[basis];

  const unconfirmed = {
    confirmed: { en: '', zh: '' },
    carriedBack: {
      en: `UNCONFIRMED: every figure is the 2025-10-01 table's, carried back; Taipower's ${effectiveFrom} table was not found. Check against a bill of ${effectiveFrom}..2025-09-30.`,
      zh: `未經證實：所有數值取自114年10月1日電價表；${roc(effectiveFrom)}電價表未取得，請以該期間電費單核對。`,
    },
    earlierDefault: {
      en: `UNCONFIRMED: no Taipower table of ${effectiveFrom} was found; the energy figures have no primary source, the basic charges equal the 2015 and 2025 tables'. The off-peak days of ${effectiveFrom.slice(0, 4)} are not listed: add them in the holiday calendar.`,
      zh: `未經證實：未取得${roc(effectiveFrom)}電價表；流動電費無原始來源，基本電費同104年及114年電價表。未列 ${effectiveFrom.slice(0, 4)} 年離峰日，請於離峰日曆加入。`,
    },
  }[basis];
  const hours = confirmed
    ? { en: '', zh: '' }
    : {
        en: 'Hours, seasons and off-peak days as the 2025-10-01 table has them.',
        zh: '時段、季節及離峰日同114年10月1日電價表。',
      };
  const substation =
    voltage === 'extraHigh'
      ? {
          en: ' Not applied either: 2 % / 4.2 % off the basic charge at 161 kV / 345 kV with the customer’s own substation.',
          zh: '也未計入 161 kV／345 kV 自有變電所之基本電費減收（2%／4.2%）。',
        }
      : { en: '', zh: '' };
  // The confirmed high-voltage three-stage note is the default tariff's, word for word.
  const prices = confirmed
    ? { en: 'Taipower’s published prices with tax', zh: '台電公告電價（含稅）' }
    : { en: 'Prices with tax', zh: '電價含稅' };
  const note = [
    unconfirmed.en,
    hours.en,
    `${prices.en}, ${summer.en}, off-peak days 2025–2027. Not applied: the industry coefficient printed on the bill.${substation.en}`,
    unconfirmed.zh + hours.zh,
    `${prices.zh}，${summer.zh}，離峰日 2025–2027；未計入電費單上之電價調整係數。${substation.zh}`,
  ]
    .filter((part) => part !== '')
    .join(' ');

  const mark = confirmed ? { en: '', zh: '' } : { en: ', unconfirmed', zh: '，未經證實' };
  return {
    name: `Taipower ${v.en} ${s.en}, ${contract.en} (table of ${effectiveFrom}${mark.en})`,
    nameZh: `台電${v.zh}電力${s.zh}，${contract.zh}（${effectiveFrom} 電價表${mark.zh}）`,
    source: source.en,
    sourceZh: source.zh,
    note,
  };
}
