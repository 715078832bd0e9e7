import { useState } from 'react';
import type { TariffVersion } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { todayFor } from '@wattboard/zone-time';
import { ErrorState, LoadingState } from '@/components/QueryStates';
import { useFactoryTimeBase } from '@/lib/hooks/use-factory-time';
import { normalizeLanguage } from '@/lib/i18n';
import { useAdminTariff } from '../api/tariff-get';
import { tariffToForm } from '../model/tariff-form';
import { HolidayCalendar } from './HolidayCalendar';
import { TariffEditor } from './TariffEditor';
import { TariffView } from './TariffView';
import { TariffPointPicker } from './TariffPointPicker';
import './tariff.css';
import { ResponsiveTable } from '@/components/ui/ResponsiveTable';

function VersionsTable({
  versions,
  currentId,
}: {
  versions: TariffVersion[];
  currentId: number | null;
}) {
  const { t, i18n } = useTranslation();
  const zh = normalizeLanguage(i18n.language) === 'zh';
  return (
    <ResponsiveTable label={t('cost.tariff.versions')}>
      <table className="wb-table" data-testid="tariff-versions">
        <caption className="wb-tariff__caption">{t('cost.tariff.versions')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('cost.tariff.validFrom')}</th>
            <th scope="col">{t('cost.tariff.name')}</th>
            <th scope="col">{t('cost.tariff.savedBy')}</th>
            <th scope="col">{t('cost.tariff.savedAt')}</th>
          </tr>
        </thead>
        <tbody>
          {versions.map((version) => (
            <tr key={version.id}>
              <td>
                {version.validFrom}
                {version.id === currentId && (
                  <span className="wb-badge wb-badge--inline">{t('cost.tariff.current')}</span>
                )}
              </td>
              <td>{zh && version.tariff.nameZh ? version.tariff.nameZh : version.tariff.name}</td>
              <td>{version.createdBy ?? t('cost.tariff.byDefault')}</td>
              <td>{version.createdAt.slice(0, 16).replace('T', ' ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ResponsiveTable>
  );
}

/**
 * Tariff (issue #15): the version in force (source and validity, seasons,
 * periods and rates, basic charge, penalty rule), a new version valid from a
 * chosen day, the versions so far, and the holiday calendar per year; with
 * several billing points, whose tariff (decision 0065).
 */
export function TariffSection() {
  const { t } = useTranslation();
  const [nodeId, setNodeId] = useState<number | null>(null);
  const query = useAdminTariff(nodeId);
  const timeBase = useFactoryTimeBase();
  const today = todayFor(timeBase, Date.now());
  const [editing, setEditing] = useState(false);
  const choose = (next: number | null) => {
    setEditing(false);
    setNodeId(next);
  };

  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  const { current, versions, defaultTariff, points, ownTariff } = query.data;

  return (
    <div className="wb-admin-panel wb-tariff">
      <h2 className="wb-admin-panel__title">{t('cost.tariff.title')}</h2>
      {points.length > 1 && (
        <TariffPointPicker
          points={points}
          nodeId={nodeId}
          ownTariff={ownTariff}
          versionCount={versions.length}
          onChoose={choose}
        />
      )}
      {current ? (
        <TariffView version={current} />
      ) : (
        <p className="wb-admin__hint">{t('cost.tariff.none')}</p>
      )}
      {editing ? (
        <TariffEditor
          key={nodeId ?? 'factory'}
          initial={tariffToForm(current?.tariff ?? defaultTariff, today)}
          nodeId={nodeId}
          onDone={() => setEditing(false)}
        />
      ) : (
        <div className="wb-admin__actions wb-tariff__start">
          <button
            type="button"
            className="wb-button wb-button--primary"
            onClick={() => setEditing(true)}
          >
            {t(current ? 'cost.tariff.edit' : 'cost.tariff.startDefault')}
          </button>
        </div>
      )}
      {versions.length > 0 && <VersionsTable versions={versions} currentId={current?.id ?? null} />}
      {current && (
        <HolidayCalendar
          key={`${nodeId ?? 'factory'}/${current.id}`}
          version={current}
          nodeId={nodeId}
          thisYear={Number(today.slice(0, 4))}
        />
      )}
    </div>
  );
}
