import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { announcementForm } from '@wattboard/contract';
import type { AnnouncementForm } from '@wattboard/contract';
import { Spinner } from '@/components/Spinner';
import { useFactoryTimeBase } from '@/lib/hooks/use-factory-time';
import { useCreateAnnouncement } from '../api/create-announcement';
import type { NewAnnouncement } from '../api/create-announcement';
import { blankAnnouncement, defaultEndFor } from '@/lib/announcement-form';
import type { AnnouncementFormValues } from '@/lib/announcement-form';
import { announcementMessageKey, hasBlankTitleOrContent } from '../model/announcement-form';
import { FormField } from './FormField';

interface CreateAnnouncementFormProps {
  /** The clock for the default dates (tests pin it). */
  now?: () => Date;
}

const systemNow = () => new Date();

/** Spec §2/§5: the test screen's announcement form; after a success it starts over with fresh dates. */
export function CreateAnnouncementForm({ now = systemNow }: CreateAnnouncementFormProps) {
  const { t } = useTranslation();
  const zone = useFactoryTimeBase()?.zone ?? null;
  const create = useCreateAnnouncement();
  const [createdId, setCreatedId] = useState<number | null>(null);
  const form = useForm<AnnouncementForm, unknown, NewAnnouncement>({
    resolver: zodResolver(announcementForm),
    defaultValues: blankAnnouncement(now(), zone),
  });
  const { register, handleSubmit, formState, getFieldState, setValue, watch, reset } = form;
  const { isDirty } = formState;

  // The factory's zone may arrive after the first render; an untouched form then starts in it.
  const zoneOfDefaults = useRef(zone);
  useEffect(() => {
    if (zoneOfDefaults.current === zone) return;
    zoneOfDefaults.current = zone;
    if (!isDirty) reset(blankAnnouncement(now(), zone));
  }, [zone, isDirty, now, reset]);

  // The screen's own check (spec §5) shows beside the field messages once a submit was tried.
  const [title, content] = watch(['title', 'content']);
  const blank = formState.isSubmitted && hasBlankTitleOrContent({ title, content });

  const messageFor = (field: keyof AnnouncementFormValues) => {
    const message = formState.errors[field]?.message;
    return message ? t(announcementMessageKey(field, message)) : null;
  };

  const onValid = async (values: NewAnnouncement) => {
    setCreatedId(null);
    try {
      const created = await create.mutateAsync(values);
      setCreatedId(created.id);
      reset(blankAnnouncement(now(), zone));
    } catch {
      // Logged by the mutation ('Error creating announcement'); the form keeps what was typed.
    }
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (create.isPending) {
      event.preventDefault();
      return;
    }
    void handleSubmit(onValid)(event);
  };

  // Until the end is edited by hand it follows the start (spec §5: 7 days after it).
  const startField = register('dtStart', {
    onChange: (event: { target: { value: string } }) => {
      if (getFieldState('dtEnd').isDirty) return;
      const end = defaultEndFor(event.target.value);
      if (end) setValue('dtEnd', end, { shouldValidate: formState.isSubmitted });
    },
  });

  return (
    <form className="wb-devtools-form" noValidate onSubmit={onSubmit}>
      <FormField label={t('devTools.form.title')} message={messageFor('title')}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            className="wb-input"
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            {...register('title')}
          />
        )}
      </FormField>
      <FormField label={t('devTools.form.content')} message={messageFor('content')}>
        {({ id, describedBy, invalid }) => (
          <textarea
            id={id}
            className="wb-input wb-devtools-form__textarea"
            rows={3}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            {...register('content')}
          />
        )}
      </FormField>
      <label className="wb-devtools-form__check">
        <input type="checkbox" {...register('isImportant')} />
        {t('devTools.form.isImportant')}
      </label>
      <div className="wb-devtools-form__dates">
        <FormField label={t('devTools.form.dtStart')} message={messageFor('dtStart')}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              type="datetime-local"
              className="wb-input"
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              {...startField}
            />
          )}
        </FormField>
        <FormField label={t('devTools.form.dtEnd')} message={messageFor('dtEnd')}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              type="datetime-local"
              className="wb-input"
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              {...register('dtEnd')}
            />
          )}
        </FormField>
      </div>
      {blank && (
        <p className="wb-field__error" role="alert">
          {t('devTools.errors.titleAndContentRequired')}
        </p>
      )}
      {create.isError && (
        <p className="wb-field__error" role="alert">
          {t('devTools.form.failed')}
        </p>
      )}
      {createdId !== null && (
        <p className="wb-devtools__success" role="status">
          {t('devTools.form.created', { id: createdId })}
        </p>
      )}
      <div>
        <button type="submit" className="wb-button wb-button--primary" disabled={create.isPending}>
          {create.isPending && <Spinner size="sm" />}
          {create.isPending ? t('devTools.form.creating') : t('devTools.form.submit')}
        </button>
      </div>
    </form>
  );
}
