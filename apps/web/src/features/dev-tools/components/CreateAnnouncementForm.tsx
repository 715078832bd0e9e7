import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AnnouncementFields } from '@/components/announcement-form/AnnouncementFields';
import { useAnnouncementForm } from '@/components/announcement-form/use-announcement-form';
import { RoleFieldset, RoleNote } from '@/components/RoleNote';
import { Spinner } from '@/components/Spinner';
import { usePermission } from '@/lib/hooks/use-permission';
import { failureText } from '@/lib/roles';
import { useFactoryTimeBase } from '@/lib/hooks/use-factory-time';
import { useCreateAnnouncement } from '../api/create-announcement';
import type { NewAnnouncement } from '../api/create-announcement';
import { blankAnnouncement, hasBlankTitleOrContent } from '@/lib/announcement-form';

interface CreateAnnouncementFormProps {
  /** The clock for the default dates (tests pin it). */
  now?: () => Date;
}

const systemNow = () => new Date();

/**
 * The test screen's announcement form; after a success it starts over with
 * fresh dates. Creating announcements is the manager's: below, read-only and why.
 */
export function CreateAnnouncementForm({ now = systemNow }: CreateAnnouncementFormProps) {
  const { t } = useTranslation();
  const zone = useFactoryTimeBase()?.zone ?? null;
  const create = useCreateAnnouncement();
  const announce = usePermission('manage', 'createAnnouncements');
  const noteId = useId();
  const [createdId, setCreatedId] = useState<number | null>(null);
  const form = useAnnouncementForm(blankAnnouncement(now(), zone));
  const { handleSubmit, formState, watch, reset } = form;
  const { isDirty } = formState;

  // The factory's zone may arrive after the first render; an untouched form then starts in it.
  const zoneOfDefaults = useRef(zone);
  useEffect(() => {
    if (zoneOfDefaults.current === zone) return;
    zoneOfDefaults.current = zone;
    if (!isDirty) reset(blankAnnouncement(now(), zone));
  }, [zone, isDirty, now, reset]);

  // The screen's own check (title and content both filled) shows beside the field messages once a submit was tried.
  const [title, content] = watch(['title', 'content']);
  const blank = formState.isSubmitted && hasBlankTitleOrContent({ title, content });

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
    if (create.isPending || !announce.allowed) {
      event.preventDefault();
      return;
    }
    void handleSubmit(onValid)(event);
  };

  return (
    <form className="wb-devtools-form" noValidate onSubmit={onSubmit}>
      <RoleNote id={noteId} reason={announce.reason} />
      <RoleFieldset disabled={!announce.allowed}>
        <AnnouncementFields form={form} />
      </RoleFieldset>
      {blank && (
        <p className="wb-field__error" role="alert">
          {t('announcementForm.errors.titleAndContentRequired')}
        </p>
      )}
      {create.isError && (
        <p className="wb-field__error" role="alert">
          {failureText(create.error, t, 'devTools.form.failed')}
        </p>
      )}
      {createdId !== null && (
        <p className="wb-devtools__success" role="status">
          {t('devTools.form.created', { id: createdId })}
        </p>
      )}
      <div>
        <button
          type="submit"
          className="wb-button wb-button--primary"
          disabled={create.isPending || !announce.allowed}
          aria-describedby={announce.allowed ? undefined : noteId}
        >
          {create.isPending && <Spinner size="sm" />}
          {create.isPending ? t('devTools.form.creating') : t('devTools.form.submit')}
        </button>
      </div>
    </form>
  );
}
