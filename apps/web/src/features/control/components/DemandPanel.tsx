import { useTranslation } from 'react-i18next';
import { useDemandStatus } from '../api/demand-status';

const kw = (value: number, language: string) =>
  new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value);

/** Demand management on the Control page: this block's predicted demand vs the target, what is shed. */
export function DemandPanel() {
  const { t, i18n } = useTranslation();
  const { data } = useDemandStatus();
  if (!data || data.targetKw === null) return null;
  const predicted = data.prediction?.predictedKw ?? null;
  const over = predicted !== null && predicted > data.targetKw;
  const shed = data.channels.filter((c) => c.shed);
  const zh = i18n.language.startsWith('zh');
  return (
    <section
      className="wb-card wb-ctl-demand"
      aria-labelledby="wb-ctl-demand-title"
      data-testid="demand-panel"
    >
      <header className="wb-card__header">
        <h2 id="wb-ctl-demand-title" className="wb-card__title">
          {t('demand.title')}
        </h2>
        <span className="wb-badge">{t(data.autoShed ? 'demand.autoOn' : 'demand.autoOff')}</span>
      </header>
      <p data-testid="demand-figures" data-over={over || undefined}>
        {predicted === null
          ? t('demand.noPrediction')
          : t('demand.predicted', {
              predicted: kw(predicted, i18n.language),
              target: kw(data.targetKw, i18n.language),
            })}
        {over && <strong className="wb-ctl-warning"> {t('demand.overTarget')}</strong>}
      </p>
      <p data-testid="demand-shed">
        {shed.length === 0
          ? t('demand.nothingShed')
          : t('demand.shedList', { names: shed.map((c) => (zh ? c.chName : c.name)).join(', ') })}
      </p>
    </section>
  );
}
