import { escapeHtml } from '../../platform/http/html-text.ts';

// Mail bodies were its first users; the module's callers import it from here.
export { escapeHtml };

/**
 * The one layout every Wattboard mail uses: a section per language (English
 * first, then Traditional Chinese), each with a heading, paragraphs and a
 * list of labelled facts, as plain text and as simple, escaped HTML.
 */

export interface MailSection {
  /** BCP 47 tag for the HTML `lang` attribute (en, zh-Hant-TW). */
  lang: string;
  heading: string;
  paragraphs: readonly string[];
  facts: readonly (readonly [label: string, value: string])[];
  /** Paragraphs after the facts (the alarm mail's clear link). */
  closing?: readonly string[];
  /** Closing line in small print (why the reader got this mail). */
  footer: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Header lines cannot carry line breaks (they would start new headers). */
export function singleLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

/**
 * "Label:  value" lines, aligned for Latin labels; Chinese labels take the
 * full-width colon instead (their characters are double width, so padding
 * by string length would not align them anyway).
 */
function factLine(section: MailSection, width: number, [label, value]: readonly [string, string]) {
  if (section.lang.startsWith('zh')) return `${label}：${value}`;
  return `${`${label}:`.padEnd(width + 2)}${value}`;
}

function sectionText(section: MailSection): string {
  const width = Math.max(0, ...section.facts.map(([label]) => label.length));
  return [
    section.heading,
    '',
    ...section.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...section.facts.map((fact) => factLine(section, width, fact)),
    '',
    ...(section.closing ?? []).flatMap((paragraph) => [paragraph, '']),
    section.footer,
  ].join('\n');
}

function sectionHtml(section: MailSection): string {
  const rows = section.facts
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:2px 12px 2px 0">${escapeHtml(label)}</th>` +
        `<td style="padding:2px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return [
    `<div lang="${escapeHtml(section.lang)}" style="margin:0 0 24px">`,
    `<h2 style="font-size:18px;margin:0 0 12px">${escapeHtml(section.heading)}</h2>`,
    ...section.paragraphs.map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`),
    rows ? `<table style="border-collapse:collapse;margin:0 0 12px">${rows}</table>` : '',
    ...(section.closing ?? []).map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`),
    `<p style="color:#666;font-size:12px;margin:0">${escapeHtml(section.footer)}</p>`,
    '</div>',
  ].join('');
}

/** Renders the sections (in order) under one subject. */
export function renderMailDocument(
  subject: string,
  sections: readonly MailSection[],
): RenderedMail {
  return {
    subject: singleLine(subject),
    text: `${sections.map(sectionText).join('\n\n----------------------------------------\n\n')}\n`,
    html:
      '<!doctype html><html><head><meta charset="utf-8"></head>' +
      `<body style="font-family:sans-serif;font-size:14px;color:#222">` +
      `${sections.map(sectionHtml).join('<hr style="border:0;border-top:1px solid #ddd;margin:0 0 24px">')}` +
      '</body></html>',
  };
}
