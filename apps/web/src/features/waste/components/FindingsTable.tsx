import type { WasteFindingItem } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '@/components/ui/ResponsiveTable';
import { channelDisplayName } from '@/lib/channel-names';
import { formatFixed } from '@/lib/format';
import { currencyUnit, formatAmount } from '@/lib/money';
import { findingKey, findingPeriod, kindKey } from '../model/findings';

interface FindingsTableProps {
  findings: readonly WasteFindingItem[];
  currency: string;
}

/** The ranked findings: point, kind in words, when, and kWh, money and kg CO2 per week. */
export function FindingsTable({ findings, currency }: FindingsTableProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const caption = t('pages.waste.table.caption');
  return (
    <ResponsiveTable label={caption}>
      <table className="wb-table wb-waste-table" data-testid="waste-findings">
        <caption className="wb-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('pages.waste.table.rank')}</th>
            <th scope="col">{t('pages.waste.table.point')}</th>
            <th scope="col">{t('pages.waste.table.kind')}</th>
            <th scope="col">{t('pages.waste.table.when')}</th>
            <th scope="col" className="wb-num">
              {t('pages.waste.table.kwh')}
            </th>
            <th scope="col" className="wb-num">
              {t('pages.waste.table.cost', { unit: currencyUnit(currency, language) })}
            </th>
            <th scope="col" className="wb-num">
              {t('pages.waste.table.co2')}
            </th>
          </tr>
        </thead>
        <tbody>
          {findings.map((finding, index) => {
            const period = findingPeriod(finding.start, finding.end);
            return (
              <tr key={findingKey(finding)}>
                <td>{index + 1}</td>
                <th scope="row">
                  {channelDisplayName({ ...finding, id: finding.nodeId }, language)}
                </th>
                <td>{t(kindKey(finding.kind))}</td>
                <td className="wb-waste-table__when">
                  {t('pages.waste.table.period', { from: period.from, to: period.to })}
                </td>
                <td className="wb-num">{formatFixed(finding.kwhPerWeek, language, 1)}</td>
                <td className="wb-num" data-testid="waste-cost">
                  {formatAmount(finding.costPerWeek, language)}
                </td>
                <td className="wb-num">{formatFixed(finding.co2KgPerWeek, language, 1)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ResponsiveTable>
  );
}
