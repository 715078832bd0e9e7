import type { TariffVersion, TouDay } from '@wattboard/contract';
import { TOU_PERIODS } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { normalizeLanguage } from '@/lib/i18n';
import { formatRate } from '@/lib/money';
import { ResponsiveTable } from '@/components/ui/ResponsiveTable';
import { CONTRACT_TYPES } from '../model/tariff-form';
import { TariffAccountFacts } from './TariffAccountFacts';

/** A flat tariff's one all-day range reads "all day (no time of use)", not "peak". */
function DayHours({ day, flat }: { day: TouDay; flat: boolean }) {
  const { t } = useTranslation();
  const ranges = [...day.ranges].sort((a, b) => a.from.localeCompare(b.from));
  return (
    <ul className="wb-tariff__hours">
      {ranges.map((range) => (
        <li key={range.from}>
          {range.from}–{range.to}{' '}
          {flat ? t('cost.tariff.account.flatPeriod') : t(`cost.periods.${range.period}`)}
        </li>
      ))}
    </ul>
  );
}

/** The tariff in force, as a person checks it against the bill: who says so, hours, rates, charges. */
export function TariffView({ version }: { version: TariffVersion }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const tariff = version.tariff;
  const rates = tariff.contractBasicRates;
  const zh = normalizeLanguage(language) === 'zh';
  const name = zh && tariff.nameZh ? tariff.nameZh : tariff.name;
  const perKwh = (value: number) => formatRate(value, tariff.currency, 'kWh', language);
  const perKw = (value: number) =>
    formatRate(value, tariff.currency, zh ? 'kW／月' : 'kW per month', language);
  // Without time of use every hour is billed at the day's peak rate: one column.
  const periods = tariff.timeOfUse ? TOU_PERIODS : (['peak'] as const);
  const periodLabel = (period: (typeof TOU_PERIODS)[number]) =>
    tariff.timeOfUse ? t(`cost.periods.${period}`) : t('cost.tariff.account.flatPeriod');

  return (
    <div className="wb-tariff-view" data-testid="tariff-current">
      <h3 className="wb-tariff__subtitle">{t('cost.tariff.inForce', { name })}</h3>
      <dl className="wb-tariff__facts">
        <div>
          <dt>{t('cost.tariff.validFrom')}</dt>
          <dd>{version.validFrom}</dd>
        </div>
        <div>
          <dt>{t('cost.tariff.sourceValidFrom')}</dt>
          <dd>{tariff.sourceValidFrom ?? t('cost.tariff.unknown')}</dd>
        </div>
        <div className="wb-tariff__wide">
          <dt>{t('cost.tariff.source')}</dt>
          <dd>{zh && tariff.sourceZh.trim() ? tariff.sourceZh : tariff.source}</dd>
        </div>
        {tariff.note && (
          <div className="wb-tariff__wide">
            <dt>{t('cost.tariff.note')}</dt>
            <dd>{tariff.note}</dd>
          </div>
        )}
        <div>
          <dt>{t('cost.tariff.seasons')}</dt>
          <dd>
            {tariff.seasons.map((s) => (
              <span key={`${s.season}${s.from}`} className="wb-tariff__season">
                {t(`cost.seasons.${s.season}`)} {s.from} – {s.to}
              </span>
            ))}
          </dd>
        </div>
        <div>
          <dt>{t('cost.tariff.basic')}</dt>
          <dd>
            {(['summer', 'nonSummer'] as const).map((season) => (
              <span key={season} className="wb-tariff__season">
                {t(`cost.seasons.${season}`)} {perKw(tariff.basicChargePerKw[season])}
              </span>
            ))}
          </dd>
        </div>
        <div>
          <dt>{t('cost.tariff.stages')}</dt>
          {/* A flat tariff is held as two-stage peak hours; "two-stage" would mislead. */}
          <dd>
            {tariff.timeOfUse
              ? t(`cost.tariff.stagesOptions.${tariff.stages}`)
              : t('cost.tariff.account.flat')}
          </dd>
        </div>
        <TariffAccountFacts tariff={tariff} />
        <div className="wb-tariff__wide" data-testid="tariff-contract-rates">
          <dt>{t('cost.tariff.contractRates')}</dt>
          <dd>
            {rates === null
              ? t('cost.tariff.regularOnly')
              : CONTRACT_TYPES.filter(
                  (type) => rates.summer[type] !== null || rates.nonSummer[type] !== null,
                ).map((type) => (
                  <span key={type} className="wb-tariff__season">
                    {t(`cost.tariff.contractTypes.${type}`)}:{' '}
                    {(['summer', 'nonSummer'] as const)
                      .map((season) => {
                        const rate = rates[season][type];
                        return `${t(`cost.seasons.${season}`)} ${rate === null ? '—' : perKw(rate)}`;
                      })
                      .join(zh ? '；' : '; ')}
                  </span>
                ))}
          </dd>
        </div>
        <div className="wb-tariff__wide">
          <dt>{t('cost.tariff.penalty')}</dt>
          <dd>
            {t('cost.tariff.penaltyRule', {
              fraction: `${formatNumber(tariff.penaltyTierFraction * 100, language)}%`,
              tier1: formatNumber(tariff.penaltyTier1Multiplier, language),
              tier2: formatNumber(tariff.penaltyTier2Multiplier, language),
            })}
          </dd>
        </div>
      </dl>
      <ResponsiveTable label={t('cost.tariff.days')}>
        <table className="wb-table wb-tariff__table">
          <caption className="wb-tariff__caption">{t('cost.tariff.days')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('cost.tariff.season')}</th>
              <th scope="col">{t('cost.tariff.hours')}</th>
              {periods.map((period) => (
                <th key={period} scope="col" className="wb-num">
                  {periodLabel(period)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {tariff.days.map((day) => (
              <tr key={`${day.season}/${day.dayType}`}>
                <th scope="row">
                  {t('cost.tariff.dayTitle', {
                    season: t(`cost.seasons.${day.season}`),
                    dayType: t(`cost.dayTypes.${day.dayType}`),
                  })}
                </th>
                <td>
                  <DayHours day={day} flat={!tariff.timeOfUse} />
                </td>
                {periods.map((period) => (
                  <td key={period} className="wb-num">
                    {perKwh(day.rates[period])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ResponsiveTable>
    </div>
  );
}
