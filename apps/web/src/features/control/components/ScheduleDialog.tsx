import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelScheduleItem } from '@wattboard/contract';
import { Dialog } from '@/components/Dialog';
import { ErrorState, LoadingState } from '@/components/QueryStates';
import { channelDisplayName } from '@/lib/channel-names';
import { useChannelSchedule } from '../api/channel-schedule';
import { useUnsavedWarning } from '../hooks/use-unsaved-warning';
import { ScheduleForm } from './ScheduleForm';

/**
 * The schedule editor of one channel. Closing with unsaved changes (Cancel,
 * Escape, the backdrop, leaving the page) asks first.
 */
export function ScheduleDialog({
  channel,
  onClose,
}: {
  channel: ChannelScheduleItem;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const query = useChannelSchedule(channel.channelScheduleId);
  const [dirty, setDirty] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const blocker = useUnsavedWarning(dirty);
  const name = channelDisplayName({ ...channel, id: channel.channelScheduleId }, i18n.language);
  const asking = confirming || blocker.state === 'blocked';

  const requestClose = useCallback(() => {
    if (dirty) setConfirming(true);
    else onClose();
  }, [dirty, onClose]);

  const keepEditing = () => {
    setConfirming(false);
    if (blocker.state === 'blocked') blocker.reset();
  };
  const discard = () => {
    setConfirming(false);
    setDirty(false);
    if (blocker.state === 'blocked') blocker.proceed();
    else onClose();
  };

  return (
    <Dialog
      open
      title={t('control.schedule.title', { name })}
      closeLabel={t('control.schedule.close')}
      onClose={requestClose}
    >
      {asking && (
        <div className="wb-ctl-confirm" role="alert">
          <p>{t('control.schedule.discardQuestion')}</p>
          <button
            type="button"
            className="wb-button wb-button--secondary"
            onClick={keepEditing}
            autoFocus
          >
            {t('control.schedule.keepEditing')}
          </button>
          <button type="button" className="wb-button wb-button--primary" onClick={discard}>
            {t('control.schedule.discard')}
          </button>
        </div>
      )}
      {query.isPending && <LoadingState />}
      {query.isError && query.data === undefined && (
        <ErrorState onRetry={() => void query.refetch()} />
      )}
      {query.data && (
        <ScheduleForm
          channelScheduleId={channel.channelScheduleId}
          data={query.data}
          onDirtyChange={setDirty}
          onCancel={requestClose}
          onSaved={() => {
            setDirty(false);
            onClose();
          }}
        />
      )}
    </Dialog>
  );
}
