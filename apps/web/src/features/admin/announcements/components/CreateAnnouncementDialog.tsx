import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { AnnouncementFields } from '@/components/announcement-form/AnnouncementFields';
import { useAnnouncementForm } from '@/components/announcement-form/use-announcement-form';
import { Dialog } from '@/components/Dialog';
import { useFactoryTimeBase } from '@/lib/hooks/use-factory-time';
import { useCreateAnnouncement } from '../api/announcement-create';
import { blankAnnouncement } from '@/lib/announcement-form';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';
import { FormFooter } from '@/features/admin/shared/components/FormFooter';

/** A new announcement for this factory: title, content, important, start and end (factory clock). */
export function CreateAnnouncementDialog({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const texts = useAdminTexts();
  const zone = useFactoryTimeBase()?.zone ?? null;
  const create = useCreateAnnouncement();
  const form = useAnnouncementForm(blankAnnouncement(new Date(), zone));
  const { handleSubmit, formState, reset, setError } = form;
  useEffect(() => {
    if (open) reset(blankAnnouncement(new Date(), zone));
  }, [open, zone, reset]);

  const onSubmit = handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: () => {
        toast.success(t('admin.announcements.created'));
        onClose();
      },
      onError: (error) => setError('root', { message: texts.error(error) }),
    }),
  );

  return (
    <Dialog
      open={open}
      title={t('admin.announcements.createTitle')}
      closeLabel={t('admin.common.close')}
      onClose={onClose}
    >
      <form className="wb-admin-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <AnnouncementFields form={form} />
        <p className="wb-admin__hint">{t('admin.announcements.factoryTime')}</p>
        <FormFooter
          error={formState.errors.root?.message}
          submitLabel={
            create.isPending ? t('admin.announcements.creating') : t('admin.announcements.create')
          }
          pending={create.isPending}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
