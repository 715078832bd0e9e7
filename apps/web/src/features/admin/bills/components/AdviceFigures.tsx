import type {
  AdminBillingPointAdviceResponse,
  CapacityAdvice,
  ContractTypeName,
} from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '@/components/ui/ResponsiveTable';
import { formatNumber, formatWithUnit, MISSING } from '@/lib/format';
import { formatRate } from '@/lib/money';
import { formatBillMoney } from '../model/bill-lines';
import { billPeriod } from '../model/bill-text';

interface AdviceFiguresProps {
  advice: AdminBillingPointAdviceResponse;
  /** The cheapest combination of every type the tariff prices. */
  best: CapacityAdvice;
}

/** kW of one contract type in a combination. */
const typeKw = (c: CapacityAdvice, type: ContractTypeName) =>
  type === 'regular' ? c.capacityKw : c.otherContractsKw[type];

/**
 * The current contract beside the advised combination (a row per contract
 * type the tariff prices), the yearly saving, what changing the regular
 * capacity alone would save, and the periods behind them.
 */
export function AdviceFigures({ advice, best }: AdviceFiguresProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { current } = advice;
  const count = advice.periods.length;
  const period = (p: { from: string; to: string }) =>
    billPeriod({ periodFrom: p.from, periodTo: p.to });
  // A peak to two decimals: 537.03 kW reads as over a 537 kW contract, where "537 kW" did not.
  const peakKw = (kw: number) => `${formatNumber(kw, language, 2)} kW`;
  const typeLabel = (type: ContractTypeName) =>
    type === 'regular' ? t('admin.bills.advice.regular') : t(`admin.billing.others.${type}`);
  const rows: [string, (c: CapacityAdvice) => string][] = [
    ...advice.contractTypes.map((type): [string, (c: CapacityAdvice) => string] => [
      typeLabel(type),
      (c) => formatWithUnit(typeKw(c, type), 'kW', language),
    ]),
    [t('admin.bills.line.basicCharge'), (c) => formatBillMoney(c.basicCharge, language)],
    [t('admin.bills.line.penalty'), (c) => formatBillMoney(c.penalty, language)],
    [t('admin.bills.advice.total', { count }), (c) => formatBillMoney(c.total, language)],
  ];

  // Without other types to choose, the regular-only advice is the same proposal.
  const regularAlone =
    advice.contractTypes.length > 1 && advice.best
      ? formatWithUnit(advice.best.capacityKw, 'kW', language)
      : null;

  return (
    <div className="wb-admin-bills__advice">
      <ResponsiveTable label={t('admin.bills.advice.compare')}>
        <table className="wb-table" data-testid="advice-compare">
          <caption className="wb-visually-hidden">{t('admin.bills.advice.compare')}</caption>
          <thead>
            <tr>
              <td />
              <th scope="col" className="wb-num">
                {t('admin.bills.advice.current')}
              </th>
              <th scope="col" className="wb-num">
                {t('admin.bills.advice.best')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, show]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td className="wb-num">{current ? show(current) : MISSING}</td>
                <td className="wb-num">{show(best)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ResponsiveTable>
      {current === null && <p className="wb-admin__hint">{t('admin.bills.advice.noCurrent')}</p>}
      <p className="wb-admin-bills__saving" data-testid="advice-saving">
        <span>{t('admin.bills.advice.yearlySaving')}</span>
        <strong>{formatBillMoney(advice.combinationYearlySaving, language)}</strong>
      </p>
      {regularAlone && (
        // Changing one figure on the contract is the smaller step; its worth, beside.
        <p className="wb-admin__hint" data-testid="advice-regular-only">
          {advice.yearlySaving === null
            ? t('admin.bills.advice.regularOnly', { capacity: regularAlone })
            : t('admin.bills.advice.regularOnlySaving', {
                capacity: regularAlone,
                saving: formatBillMoney(advice.yearlySaving, language),
              })}
        </p>
      )}
      {advice.combinationYearlySaving !== null && count < 12 && (
        // Fewer than 12 periods: the yearly figure is an extrapolation, and says so.
        <p className="wb-admin__hint" data-testid="advice-scaled">
          {t('admin.bills.advice.scaled', { count })}
        </p>
      )}
      <h4 className="wb-admin-bills__minor">{t('admin.bills.advice.penalised')}</h4>
      {best.penalised.length === 0 ? (
        <p className="wb-admin__hint">{t('admin.bills.advice.neverExceeded')}</p>
      ) : (
        <ul className="wb-admin-bills__penalised">
          {best.penalised.map((p) => (
            <li key={p.from}>
              {t('admin.bills.advice.exceeded', {
                period: period(p),
                peak: peakKw(p.peakKw),
                penalty: formatBillMoney(p.penalty, language),
              })}
            </li>
          ))}
        </ul>
      )}
      <ResponsiveTable label={t('admin.bills.advice.periods')}>
        <table className="wb-table" data-testid="advice-periods">
          <caption className="wb-admin-bills__caption">{t('admin.bills.advice.periods')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.bills.columns.period')}</th>
              <th scope="col" className="wb-num">
                {t('admin.bills.advice.peak')}
              </th>
              <th scope="col" className="wb-num">
                {t('admin.bills.advice.rate')}
              </th>
            </tr>
          </thead>
          <tbody>
            {advice.periods.map((p) => (
              <tr key={p.from}>
                <td>{period(p)}</td>
                <td className="wb-num">{peakKw(p.peakKw)}</td>
                <td className="wb-num">{formatRate(p.basicRatePerKw, 'TWD', 'kW', language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ResponsiveTable>
    </div>
  );
}
