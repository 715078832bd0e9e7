import { Fragment, useEffect, useState } from 'react';
import type { ReconciledBill } from '@wattboard/contract';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '@/components/ui/ResponsiveTable';
import {
  formatBillMoney,
  formatMoneyDifference,
  formatPercentDifference,
  outsideGoal,
} from '../model/bill-lines';
import { billPeriod, billPointName } from '../model/bill-text';
import { BillLinesTable } from './BillLinesTable';

const COLUMNS = 7;

interface BillsTableProps {
  bills: ReconciledBill[];
  onRemove: (bill: ReconciledBill) => void;
}

/**
 * Each bill's point and account, period, the bill's total beside ours and the
 * difference; a row opens to its lines. A difference past the ±0.5 % goal is
 * marked in words too, not only in colour.
 */
export function BillsTable({ bills, onRemove }: BillsTableProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const [opened, setOpened] = useState<number | null>(null);
  const toggle = (id: number) => {
    setOpened(open.has(id) ? null : id);
    setOpen((ids) => {
      const next = new Set(ids);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  };
  // On a phone the Lines button is reached by scrolling the table sideways, and the lines open
  // at the row's start, out of sight: bring them into view.
  useEffect(() => {
    if (opened === null) return;
    const lines = document.getElementById(`bill-lines-${opened}`)?.querySelector('table');
    lines?.scrollIntoView?.({ block: 'nearest', inline: 'start' });
  }, [opened]);

  return (
    <ResponsiveTable label={t('admin.bills.title')}>
      <table className="wb-table wb-admin-table wb-admin-bills__table">
        <caption className="wb-visually-hidden">{t('admin.bills.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.bills.columns.point')}</th>
            <th scope="col">{t('admin.bills.columns.period')}</th>
            <th scope="col" className="wb-num">
              {t('admin.bills.columns.billTotal')}
            </th>
            <th scope="col" className="wb-num">
              {t('admin.bills.columns.ourTotal')}
            </th>
            <th scope="col" className="wb-num">
              {t('admin.bills.columns.difference')}
            </th>
            <th scope="col" className="wb-num">
              {t('admin.bills.columns.differencePercent')}
            </th>
            <th scope="col">{t('admin.common.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {bills.map((bill) => {
            const name = billPointName(bill, language);
            const period = billPeriod(bill);
            const expanded = open.has(bill.id);
            const off = outsideGoal(bill.differencePercent);
            const detailId = `bill-lines-${bill.id}`;
            return (
              <Fragment key={bill.id}>
                <tr data-testid="admin-bill-row" data-off={off || undefined}>
                  <th scope="row" className="wb-admin-table__wrap">
                    <span className="wb-admin-bills__point">{name}</span>
                    <span className="wb-admin-bills__account">
                      {bill.accountNumber || t('admin.bills.noAccount')}
                    </span>
                  </th>
                  <td>{period}</td>
                  <td className="wb-num">{formatBillMoney(bill.entered.total, language)}</td>
                  <td className="wb-num">{formatBillMoney(bill.ours.total, language)}</td>
                  <td className="wb-num">{formatMoneyDifference(bill.difference, language)}</td>
                  <td className={off ? 'wb-num wb-admin-bills__off' : 'wb-num'}>
                    <span>{formatPercentDifference(bill.differencePercent, language)}</span>
                    {off && (
                      <span className="wb-admin-bills__flag">{t('admin.bills.outsideGoal')}</span>
                    )}
                  </td>
                  <td className="wb-admin-table__actions">
                    <button
                      type="button"
                      className="wb-button wb-button--secondary"
                      aria-expanded={expanded}
                      aria-controls={expanded ? detailId : undefined}
                      onClick={() => toggle(bill.id)}
                    >
                      {expanded ? (
                        <ChevronDown size={16} aria-hidden="true" />
                      ) : (
                        <ChevronRight size={16} aria-hidden="true" />
                      )}
                      {t('admin.bills.lines')}
                    </button>
                    <button
                      type="button"
                      className="wb-button wb-button--secondary"
                      onClick={() => onRemove(bill)}
                    >
                      {t('admin.bills.remove')}
                    </button>
                  </td>
                </tr>
                {expanded && (
                  <tr id={detailId} className="wb-admin-bills__detail">
                    <td colSpan={COLUMNS}>
                      <BillLinesTable
                        bill={bill}
                        label={t('admin.bills.linesLabel', { name, period })}
                      />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </ResponsiveTable>
  );
}
