import type { Scope2Month } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '@/components/ui/ResponsiveTable';
import { displayDate, formatFixed, formatNumber } from '@/lib/format';

interface Scope2TableProps {
  /** The billing point's name in the UI language, or the whole factory. */
  title: string;
  /** Under the title: the account number, when a billing point's. */
  subtitle?: string | undefined;
  months: readonly Scope2Month[];
  totals: { kwh: number; tco2e: number };
}

/** One billing point's (or the factory's) months: kWh and t CO2e, and their total. */
export function Scope2Table({ title, subtitle, months, totals }: Scope2TableProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const kwh = (value: number) => formatNumber(value, language);
  const tonnes = (value: number) => formatFixed(value, language, 3);
  return (
    <ResponsiveTable label={subtitle ? `${title}, ${subtitle}` : title}>
      <table className="wb-table wb-admin-table" data-testid="scope2-table">
        <caption className="wb-scope2__caption">
          {title}
          {subtitle && <span className="wb-scope2__account">{subtitle}</span>}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.scope2.month')}</th>
            <th scope="col" className="wb-num">
              {t('admin.scope2.kwh')}
            </th>
            <th scope="col" className="wb-num">
              {t('admin.scope2.tco2e')}
            </th>
          </tr>
        </thead>
        <tbody>
          {months.map((month) => (
            <tr key={month.month}>
              <th scope="row">{displayDate(month.month)}</th>
              <td className="wb-num">{kwh(month.kwh)}</td>
              <td className="wb-num">{tonnes(month.tco2e)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="wb-scope2__total">
            <th scope="row">{t('admin.scope2.total')}</th>
            <td className="wb-num">{kwh(totals.kwh)}</td>
            <td className="wb-num">{tonnes(totals.tco2e)}</td>
          </tr>
        </tfoot>
      </table>
    </ResponsiveTable>
  );
}
