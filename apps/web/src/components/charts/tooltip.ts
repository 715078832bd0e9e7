const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

export interface TooltipRow {
  color: string;
  label: string;
  value: string;
}

/**
 * ECharts renders tooltips as HTML; every text is escaped here so a node name
 * or translation can never inject markup.
 */
export function tooltipHtml(title: string, rows: readonly TooltipRow[]): string {
  const lines = rows.map(
    (row) =>
      `<div style="display:flex;gap:12px;justify-content:space-between;align-items:center">` +
      `<span><span style="display:inline-block;width:8px;height:8px;border-radius:50%;margin-right:6px;background:${escapeHtml(row.color)}"></span>${escapeHtml(row.label)}</span>` +
      `<strong style="font-variant-numeric:tabular-nums">${escapeHtml(row.value)}</strong></div>`,
  );
  return `<div style="font-weight:600;margin-bottom:4px">${escapeHtml(title)}</div>${lines.join('')}`;
}
