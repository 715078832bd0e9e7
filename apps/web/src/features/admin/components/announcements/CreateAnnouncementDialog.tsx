import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { announcementForm } from '@wattboard/contract';
import type { AnnouncementForm } from '@wattboard/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Dialog } from '@/components/Dialog';
import { useFactoryTimeBase } from '@/lib/hooks/use-factory-time';
import { useCreateAnnouncement } from '@/features/admin/api/announcement-create';
import { blankAnnouncement, defaultEndFor } from '@/lib/announcement-form';
import type { AnnouncementFormValues } from '@/lib/announcement-form';
import { announcementMessageKey } from '@/features/admin/model/announcement-form';
import { FormField } from '../FormField';
import { useAdminTexts } from '../use-admin-texts';
import { FormFooter } from '../FormFooter';

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
  const { register, handleSubmit, formState, reset, getFieldState, setValue, setError } = useForm<
    AnnouncementForm,
    unknown,
    AnnouncementFormValues
  >({
    resolver: zodResolver(announcementForm),
    defaultValues: blankAnnouncement(new Date(), zone),
  });
  useEffect(() => {
    if (open) reset(blankAnnouncement(new Date(), zone));
  }, [open, zone, reset]);

  const messageOf = (field: keyof AnnouncementFormValues) => {
    const key = announcementMessageKey(field, formState.errors[field]?.message);
    return key ? t(key) : null;
  };
  // Until the end is edited by hand it follows the start (spec §9: 7 days later).
  const start = register('dtStart', {
    onChange: (event: { target: { value: string } }) => {
      if (getFieldState('dtEnd').isDirty) return;
      const end = defaultEndFor(event.target.value);
      if (end) setValue('dtEnd', end, { shouldValidate: formState.isSubmitted });
    },
  });
  const onSubmit = handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: () => {
        toast.success(t('admin.announcements.created'));
        onClose();
      },
      onError: (error) => setError('root', { message: texts.error(error) }),
    }),
  );

  const control = (field: keyof AnnouncementFormValues, type: string) => (
    <FormField label={t(`admin.announcements.fields.${field}`)} message={messageOf(field)}>
      {({ id, describedBy, invalid }) =>
        type === 'textarea' ? (
          <textarea
            id={id}
            className="wb-input"
            rows={3}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            {...register(field)}
          />
        ) : (
          <input
            id={id}
            type={type}
            className="wb-input"
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            {...(field === 'dtStart' ? start : register(field))}
          />
        )
      }
    </FormField>
  );

  return (
    <Dialog
      open={open}
      title={t('admin.announcements.createTitle')}
      closeLabel={t('admin.common.close')}
      onClose={onClose}
    >
      <form className="wb-admin-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        {control('title', 'text')}
        {control('content', 'textarea')}
        <label className="wb-admin-check">
          <input type="checkbox" {...register('isImportant')} />
          {t('admin.announcements.fields.isImportant')}
        </label>
        <div className="wb-admin-form__row">
          {control('dtStart', 'datetime-local')}
          {control('dtEnd', 'datetime-local')}
        </div>
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
