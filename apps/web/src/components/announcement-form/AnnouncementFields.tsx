import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/FormField';
import { announcementMessageKey, defaultEndFor } from '@/lib/announcement-form';
import type { AnnouncementFormValues } from '@/lib/announcement-form';
import type { AnnouncementFormApi } from './use-announcement-form';
import './announcement-form.css';

type Field = keyof AnnouncementFormValues;

/**
 * The announcement form's fields (the Admin page's dialog and the developer
 * test screen): title, content, important, and start and end on the factory
 * clock, each with its message in the page's language.
 */
export function AnnouncementFields({ form }: { form: AnnouncementFormApi }) {
  const { t } = useTranslation();
  const { register, formState, getFieldState, setValue } = form;

  const messageOf = (field: Field) => {
    const key = announcementMessageKey(field, formState.errors[field]?.message);
    return key ? t(key) : null;
  };
  // Until the end is edited by hand it follows the start, 7 days later.
  const start = register('dtStart', {
    onChange: (event: { target: { value: string } }) => {
      if (getFieldState('dtEnd').isDirty) return;
      const end = defaultEndFor(event.target.value);
      if (end) setValue('dtEnd', end, { shouldValidate: formState.isSubmitted });
    },
  });

  const control = (field: Exclude<Field, 'isImportant'>, type: string) => (
    <FormField label={t(`announcementForm.fields.${field}`)} message={messageOf(field)}>
      {({ id, describedBy, invalid }) =>
        type === 'textarea' ? (
          <textarea
            id={id}
            className="wb-input wb-announcement-form__textarea"
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
    <>
      {control('title', 'text')}
      {control('content', 'textarea')}
      <label className="wb-announcement-form__check">
        <input type="checkbox" {...register('isImportant')} />
        {t('announcementForm.fields.isImportant')}
      </label>
      <div className="wb-announcement-form__dates">
        {control('dtStart', 'datetime-local')}
        {control('dtEnd', 'datetime-local')}
      </div>
    </>
  );
}
