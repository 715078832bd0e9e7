import { useId, useState } from 'react';
import { CARBON_FEE_RATES } from '@wattboard/contract';
import type { Scope2Point, Scope2Response } from '@wattboard/contract';
import { todayFor } from '@wattboard/zone-time';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '@/components/QueryStates';
import { channelDisplayName } from '@/lib/channel-names';
import { formatNumber } from '@/lib/format';
import { useFactoryTimeBase } from '@/lib/hooks/use-factory-time';
import { formatMoney } from '@/lib/money';
import { useScope2 } from '../api/scope2';
import { scope2Csv, scope2FileName } from '../model/scope2-csv';
import { defaultScope2Year, scope2Years, yearOf } from '../model/scope2-years';
import { saveBlob } from '@/features/admin/shared/api/save-blob';
import { sourceIn } from '@/features/admin/shared/model/source-in';
import { Scope2Methods } from './Scope2Methods';
import { Scope2Table } from './Scope2Table';
import './scope2.css';

/** The factor's kg CO2e/kWh as the emission factors table shows it. */
const FACTOR_DIGITS = 4;

/** The general rate; the others need an approved reduction plan. */
const GENERAL_RATE = CARBON_FEE_RATES[0];

/**
 * The yearly Scope 2 report (issue #27), inside Admin › Factory below the
 * factors by year: a year's net grid kWh and location-based t CO2e by month,
 * per billing point and for the factory, the factor used, the market-based
 * total with the year's T-REC certificates, the carbon-fee exposure, and the
 * same as a CSV built here.
 */
export function Scope2Section() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const ids = useId();
  const thisYear = yearOf(todayFor(useFactoryTimeBase(), Date.now()));
  // Until one is chosen, last year's (the factory's clock may only now be known).
  const [chosen, setChosen] = useState<number | null>(null);
  const year = chosen ?? defaultScope2Year(thisYear);
  const report = useScope2(year);

  const pointName = (point: Scope2Point) =>
    channelDisplayName({ id: point.nodeId, chName: point.chName, name: point.name }, language);
  const factorTexts = (data: Scope2Response) => ({
    factor: formatNumber(data.kgPerKwh, language, FACTOR_DIGITS),
    factorYear: data.factorYear,
    year: data.year,
    source: sourceIn(data, language) || t('admin.scope2.noSource'),
  });
  const download = (data: Scope2Response) =>
    saveBlob(
      scope2FileName(data.year),
      new Blob(
        [
          scope2Csv(
            data,
            {
              header: [
                t('admin.scope2.point'),
                t('admin.scope2.accountNumber'),
                t('admin.scope2.month'),
                t('admin.scope2.kwh'),
                t('admin.scope2.tco2e'),
              ],
              total: t('admin.scope2.total'),
              factory: t('admin.scope2.factory'),
              marketBased: t('admin.scope2.csvMarketBased'),
              certificates: t('admin.scope2.csvCertificates'),
              note: t(
                data.provisional ? 'admin.scope2.csvNoteProvisional' : 'admin.scope2.csvNote',
                factorTexts(data),
              ),
            },
            pointName,
          ),
        ],
        { type: 'text/csv;charset=utf-8' },
      ),
    );

  return (
    <section className="wb-admin-panel" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className="wb-admin-panel__subtitle">
        {t('admin.scope2.title')}
      </h3>
      <p className="wb-admin__hint">{t('admin.scope2.intro')}</p>
      <div className="wb-scope2__controls">
        <div className="wb-scope2__year">
          <label className="wb-field__label" htmlFor={`${ids}-year`}>
            {t('admin.scope2.year')}
          </label>
          <select
            id={`${ids}-year`}
            className="wb-select"
            value={year}
            onChange={(event) => setChosen(Number(event.target.value))}
          >
            {scope2Years(thisYear).map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="wb-button wb-button--secondary"
          disabled={!report.data}
          onClick={() => report.data && download(report.data)}
        >
          <Download size={16} aria-hidden="true" />
          {t('admin.scope2.download')}
        </button>
      </div>
      {report.isPending ? (
        <LoadingState />
      ) : report.isError ? (
        <ErrorState onRetry={() => void report.refetch()} />
      ) : (
        <Scope2Report report={report.data} pointName={pointName} factor={factorTexts} />
      )}
    </section>
  );
}

interface Scope2ReportProps {
  report: Scope2Response;
  pointName: (point: Scope2Point) => string;
  factor: (report: Scope2Response) => Record<string, string | number>;
}

function Scope2Report({ report, pointName, factor }: Scope2ReportProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const texts = factor(report);
  const account = (point: Scope2Point) =>
    point.accountNumber
      ? t('admin.scope2.account', { account: point.accountNumber })
      : t('admin.scope2.noAccount');
  const [single] = report.points;
  return (
    <>
      <p data-testid="scope2-factor">{t('admin.scope2.factor', texts)}</p>
      {report.provisional && (
        <p className="wb-admin__hint" data-testid="scope2-provisional">
          {t('admin.scope2.provisional', texts)}
        </p>
      )}
      {report.months.length === 0 ? (
        <EmptyState text={t('admin.scope2.empty', { year: report.year })} />
      ) : (
        <div className="wb-scope2__tables">
          {report.points.length > 1 &&
            report.points.map((point) => (
              <Scope2Table
                key={point.nodeId}
                title={pointName(point)}
                subtitle={account(point)}
                months={point.months}
                totals={point}
              />
            ))}
          <Scope2Table
            title={
              report.points.length === 1 && single ? pointName(single) : t('admin.scope2.factory')
            }
            subtitle={report.points.length === 1 && single ? account(single) : undefined}
            months={report.months}
            totals={report}
          />
        </div>
      )}
      <Scope2Methods report={report} />
      <h4 className="wb-scope2__minor">{t('admin.scope2.fee.title')}</h4>
      <dl className="wb-scope2__fees" data-testid="scope2-fees">
        {report.carbonFee.map((fee) => (
          <div key={fee.ntdPerTonne} className="wb-scope2__fee">
            <dt>
              {t('admin.scope2.fee.rate', {
                rate: formatMoney(fee.ntdPerTonne, 'TWD', language, { digits: 0 }),
                kind:
                  fee.ntdPerTonne === GENERAL_RATE
                    ? t('admin.scope2.fee.general')
                    : t('admin.scope2.fee.reduced'),
              })}
            </dt>
            <dd>{formatMoney(fee.ntd, 'TWD', language, { digits: 0 })}</dd>
          </div>
        ))}
      </dl>
      <p className="wb-admin__hint">{t('admin.scope2.fee.note')}</p>
    </>
  );
}
