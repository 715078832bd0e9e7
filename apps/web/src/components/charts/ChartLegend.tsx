export interface LegendItem {
  key: string;
  label: string;
  color: string;
}

/** A legend in HTML: readable by screen readers and translated with the page. */
export function ChartLegend({ items, label }: { items: readonly LegendItem[]; label: string }) {
  return (
    <ul className="wb-chart-legend" aria-label={label}>
      {items.map((item) => (
        <li key={item.key}>
          <span className="wb-chart-legend__swatch" style={{ background: item.color }} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
