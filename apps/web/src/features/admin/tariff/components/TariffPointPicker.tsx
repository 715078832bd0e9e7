import { useId, useState } from 'react';
import type { TariffPoint } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { channelDisplayName } from '@/lib/channel-names';
import { ConfirmDialog } from '@/features/admin/shared/components/ConfirmDialog';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';
import { useFollowFactoryTariff } from '../api/tariff-follow-factory';

interface TariffPointPickerProps {
  points: TariffPoint[];
  /** The further billing point shown; null: the factory's tariff (the main point's). */
  nodeId: number | null;
  ownTariff: boolean;
  versionCount: number;
  onChoose: (nodeId: number | null) => void;
}

/**
 * Whose tariff the page shows (decision 0065): the factory's, which the main
 * billing point and every point without its own follow, or a further point's
 * own; and, for a point with its own, a way back to the factory's.
 */
export function TariffPointPicker(props: TariffPointPickerProps) {
  const { points, nodeId, ownTariff, versionCount, onChoose } = props;
  const { t, i18n } = useTranslation();
  const texts = useAdminTexts();
  const id = useId();
  const follow = useFollowFactoryTariff();
  const [asking, setAsking] = useState(false);
  const name = (point: TariffPoint) =>
    channelDisplayName({ id: point.nodeId, chName: point.chName, name: point.name }, i18n.language);
  const label = (point: TariffPoint) =>
    t(
      point.main
        ? 'cost.tariff.pointMain'
        : point.ownTariff
          ? 'cost.tariff.pointOwn'
          : 'cost.tariff.pointFollows',
      { name: name(point) },
    );
  const shown = points.find((point) => (nodeId === null ? point.main : point.nodeId === nodeId));
  const hint =
    nodeId === null
      ? 'cost.tariff.factoryHint'
      : ownTariff
        ? 'cost.tariff.ownHint'
        : 'cost.tariff.followsHint';

  const confirm = () => {
    if (nodeId === null) return;
    follow.mutate(nodeId, {
      onSuccess: () => {
        setAsking(false);
        toast.success(t('cost.tariff.followed', { name: shown ? name(shown) : '' }));
      },
      onError: (error) => {
        setAsking(false);
        toast.error(texts.error(error));
      },
    });
  };

  return (
    <div className="wb-tariff-point">
      <label className="wb-field__label" htmlFor={id}>
        {t('cost.tariff.point')}
      </label>
      <select
        id={id}
        className="wb-select"
        value={nodeId ?? ''}
        onChange={(event) =>
          onChoose(event.target.value === '' ? null : Number(event.target.value))
        }
      >
        {points.map((point) => (
          <option key={point.nodeId} value={point.main ? '' : point.nodeId}>
            {label(point)}
          </option>
        ))}
      </select>
      <p className="wb-admin__hint" data-testid="tariff-point-hint">
        {t(hint)}
      </p>
      {nodeId !== null && ownTariff && (
        <div className="wb-admin__actions">
          <button
            type="button"
            className="wb-button wb-button--secondary"
            onClick={() => setAsking(true)}
          >
            {t('cost.tariff.followFactory')}
          </button>
        </div>
      )}
      <ConfirmDialog
        open={asking}
        title={t('cost.tariff.followFactory')}
        text={t('cost.tariff.followConfirm', {
          name: shown ? name(shown) : '',
          count: versionCount,
        })}
        confirmLabel={t('cost.tariff.followFactory')}
        busy={follow.isPending}
        onConfirm={confirm}
        onClose={() => setAsking(false)}
      />
    </div>
  );
}
