import { FigureText } from '@/components/FigureText';
import type { Figure } from '@/lib/format';

export interface Stat {
  key: string;
  label: string;
  /** A text, or a figure that shows compactly where the full text would not fit its tile. */
  value: string | Figure;
  /** Optional short text under the value (e.g. a CO2 figure). */
  note?: string;
}

/** Label / value tiles; a description list, so each value is announced with its label. */
export function StatList({
  stats,
  label,
  testId,
}: {
  stats: Stat[];
  label?: string;
  testId?: string;
}) {
  return (
    <dl className="wb-mp-stats" aria-label={label} data-testid={testId}>
      {stats.map((stat) => (
        <div key={stat.key} className="wb-mp-stat" data-stat={stat.key}>
          <dt className="wb-mp-stat__label">{stat.label}</dt>
          <dd className="wb-mp-stat__value">
            {typeof stat.value === 'string' ? stat.value : <FigureText figure={stat.value} />}
          </dd>
          {stat.note && <dd className="wb-mp-stat__note">{stat.note}</dd>}
        </div>
      ))}
    </dl>
  );
}
