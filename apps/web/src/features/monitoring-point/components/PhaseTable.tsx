import type { MonitorChannel, Reading } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { formatFixed } from '@/lib/format';
import { phaseColumns, phaseRows } from '../model/phases';
import { ResponsiveTable } from '@/components/ui/ResponsiveTable';

type Measure = { key: keyof Reading & string; label: string; digits: number };

/**
 * Latest voltage, current, kW, PF, temperature and balance level per phase.
 * Phases are the columns (at most three), measures the rows, so the table
 * fits a phone without scrolling sideways.
 */
export function PhaseTable({ channel }: { channel: MonitorChannel }) {
  const { t, i18n } = useTranslation();
  const rows = phaseRows(channel.channels, channel.balance);
  const show = phaseColumns(rows);
  if (rows.length === 0) {
    // A virtual node has no meter of its own: its figures are the sum of its children.
    const note = channel.isVirtual ? 'virtualNote' : 'noReadings';
    return <p className="wb-mp-muted">{t(`monitoringPoint.channels.${note}`)}</p>;
  }
  const measures: Measure[] = [
    { key: 'voltage', label: t('monitoringPoint.readings.voltage'), digits: 1 },
    { key: 'current', label: t('monitoringPoint.readings.current'), digits: 1 },
    { key: 'valueKw', label: t('monitoringPoint.readings.power'), digits: 2 },
    ...(show.pf
      ? [{ key: 'pf', label: t('monitoringPoint.readings.pf'), digits: 2 } as const]
      : []),
    ...(show.temperature
      ? [
          {
            key: 'temperature',
            label: t('monitoringPoint.readings.temperature'),
            digits: 1,
          } as const,
        ]
      : []),
  ];
  return (
    <ResponsiveTable label={t('monitoringPoint.readings.caption')}>
      <table className="wb-table wb-mp-phases">
        <caption className="wb-visually-hidden">{t('monitoringPoint.readings.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('monitoringPoint.readings.phase')}</th>
            {rows.map(({ phase }) => (
              <th key={phase} scope="col" className="wb-num">
                {t(`monitoringPoint.phases.${phase}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {measures.map((measure) => (
            <tr key={measure.key}>
              <th scope="row">{measure.label}</th>
              {rows.map(({ phase, reading }) => (
                <td key={phase} className="wb-num">
                  {formatFixed(reading[measure.key], i18n.language, measure.digits)}
                </td>
              ))}
            </tr>
          ))}
          {show.balance && (
            <tr>
              <th scope="row">{t('monitoringPoint.readings.balance')}</th>
              {rows.map(({ phase, level }) => (
                <td key={phase} className="wb-num">
                  {level && (
                    <span className={`wb-mp-level wb-mp-level--${level}`}>
                      {t(`monitoringPoint.levels.${level}`)}
                    </span>
                  )}
                </td>
              ))}
            </tr>
          )}
        </tbody>
      </table>
    </ResponsiveTable>
  );
}
