import { useState } from 'react';
import type { AdminAnnouncement, AnnouncementState } from '@wattboard/contract';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { EmptyState, ErrorState, LoadingState } from '@/components/QueryStates';
import { useAdminAnnouncements } from '../api/announcement-list';
import { useEndAnnouncement } from '../api/announcement-end';
import { ConfirmDialog } from '@/features/admin/shared/components/ConfirmDialog';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';
import { AnnouncementsTable } from './AnnouncementsTable';
import { CreateAnnouncementDialog } from './CreateAnnouncementDialog';

const STATES: AnnouncementState[] = ['scheduled', 'active', 'ended'];

/** Announcements: scheduled / active / ended, create (title and content required, end after start), end now. */
export function AnnouncementsSection() {
  const { t } = useTranslation();
  const texts = useAdminTexts();
  const [state, setState] = useState<AnnouncementState | ''>('');
  const list = useAdminAnnouncements(state || undefined);
  const end = useEndAnnouncement();
  const [creating, setCreating] = useState(false);
  const [ending, setEnding] = useState<AdminAnnouncement | null>(null);

  const confirmEnd = () =>
    ending &&
    end.mutate(ending.id, {
      onSuccess: () => {
        toast.success(t('admin.announcements.ended'));
        setEnding(null);
      },
      onError: (error) => toast.error(texts.error(error)),
    });

  return (
    <div className="wb-admin-panel">
      <div className="wb-admin-panel__bar">
        <h2 className="wb-admin-panel__title">{t('admin.announcements.title')}</h2>
        <label className="wb-admin-check">
          {t('admin.announcements.show')}
          <select
            className="wb-select"
            value={state}
            onChange={(e) => setState(e.target.value as AnnouncementState | '')}
          >
            <option value="">{t('admin.common.all')}</option>
            {STATES.map((s) => (
              <option key={s} value={s}>
                {t(`admin.announcements.state.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="wb-button wb-button--primary"
          onClick={() => setCreating(true)}
        >
          <Plus size={16} aria-hidden="true" />
          {t('admin.announcements.create')}
        </button>
      </div>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState text={t('admin.announcements.empty')} />
      ) : (
        <AnnouncementsTable announcements={list.data} onEnd={setEnding} />
      )}
      <CreateAnnouncementDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={ending !== null}
        title={t(
          ending?.state === 'scheduled'
            ? 'admin.announcements.cancelTitle'
            : 'admin.announcements.endTitle',
          {
            title: ending?.title ?? '',
          },
        )}
        text={t(
          ending?.state === 'scheduled'
            ? 'admin.announcements.cancelText'
            : 'admin.announcements.endText',
        )}
        confirmLabel={t('admin.announcements.endNow')}
        busy={end.isPending}
        onConfirm={confirmEnd}
        onClose={() => setEnding(null)}
      />
    </div>
  );
}
