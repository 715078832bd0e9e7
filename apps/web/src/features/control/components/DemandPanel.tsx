import type { DemandStatus } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/Card';
import { formatNumber } from '@/lib/format';
import { useDemandStatus } from '@/lib/queries/demand-status';

const kw = (value: number, language: string) => formatNumber(value, language, 1);

/** The nodes with their own capacity: each one's prediction against its target (never shed). */
function NodeDemands({ nodes }: { nodes: DemandStatus['nodes'] }) {
  const { t, i18n } = useTranslation();
  const zh = i18n.language.startsWith('zh');
  return (
    <div data-testid="demand-nodes">
      <h3 className="wb-ctl-demand__subtitle">{t('demand.nodesTitle')}</h3>
      <ul className="wb-ctl-demand__nodes">
        {nodes.map((node) => {
          const name = zh ? node.chName : node.name;
          const target = kw(node.targetKw, i18n.language);
          const over = node.predictedKw !== null && node.predictedKw > node.targetKw;
          return (
            <li key={node.nodeId} data-over={over || undefined}>
              {node.predictedKw === null
                ? t('demand.nodeNoPrediction', { name, target })
                : t('demand.node', {
                    name,
                    predicted: kw(node.predictedKw, i18n.language),
                    target,
                  })}
              {over && <strong className="wb-ctl-warning"> {t('demand.overTarget')}</strong>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * Demand management on the Control page: this block's predicted demand vs the
 * target, what is shed, and the nodes with their own capacity.
 */
export function DemandPanel() {
  const { t, i18n } = useTranslation();
  const { data } = useDemandStatus();
  if (!data || (data.targetKw === null && data.nodes.length === 0)) return null;
  const predicted = data.prediction?.predictedKw ?? null;
  const over = data.targetKw !== null && predicted !== null && predicted > data.targetKw;
  const shed = data.channels.filter((c) => c.shed);
  const zh = i18n.language.startsWith('zh');
  return (
    <Card
      title={t('demand.title')}
      className="wb-ctl-demand"
      testId="demand-panel"
      actions={
        <span className="wb-badge">{t(data.autoShed ? 'demand.autoOn' : 'demand.autoOff')}</span>
      }
    >
      {data.targetKw !== null && (
        <>
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
              : t('demand.shedList', {
                  names: shed.map((c) => (zh ? c.chName : c.name)).join(', '),
                })}
          </p>
        </>
      )}
      {data.nodes.length > 0 && <NodeDemands nodes={data.nodes} />}
    </Card>
  );
}
