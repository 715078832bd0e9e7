import type { ReconciledBill } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '@/components/ui/ResponsiveTable';
import { formatLine, formatLineDifference, lineDifference, shownLines } from '../model/bill-lines';

/**
 * Every line of one bill side by side: as printed, ours, and ours − the bill's
 * (a flat tariff's kWh on one all-day line, model/bill-lines.ts shownLines).
 * In its own scroll box: on a phone the bills table's row is narrower than these four columns.
 */
export function BillLinesTable({ bill, label }: { bill: ReconciledBill; label: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <ResponsiveTable label={label}>
      <table className="wb-table wb-admin-bills__lines" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">{t('admin.bills.columns.line')}</th>
            <th scope="col" className="wb-num">
              {t('admin.bills.columns.bill')}
            </th>
            <th scope="col" className="wb-num">
              {t('admin.bills.columns.ours')}
            </th>
            <th scope="col" className="wb-num">
              {t('admin.bills.columns.difference')}
            </th>
          </tr>
        </thead>
        <tbody>
          {shownLines(bill).map(({ line, labelKey }) => (
            <tr key={line} data-testid={`bill-line-${line}`}>
              <th scope="row">{t(labelKey)}</th>
              <td className="wb-num">{formatLine(line, bill.entered[line], language)}</td>
              <td className="wb-num">{formatLine(line, bill.ours[line], language)}</td>
              <td className="wb-num">
                {formatLineDifference(
                  line,
                  lineDifference(line, bill.entered, bill.ours),
                  language,
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ResponsiveTable>
  );
}
