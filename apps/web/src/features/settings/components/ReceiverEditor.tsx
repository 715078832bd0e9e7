import { useEffect, useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { canAddReceiver, MAX_EMAIL_RECEIVERS, newReceiverRow } from '@wattboard/contract';
import type { EmailReceiver } from '@wattboard/contract';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { RoleNote } from '@/components/RoleNote';
import { Spinner } from '@/components/Spinner';
import { usePermission } from '@/lib/hooks/use-permission';
import { roleRefusalText } from '@/lib/roles';
import { useUpdateEmailReceivers } from '../api/update-email-receivers';
import { receiversToSend, receiverFormSchema, toReceiverForm } from '../model/receiver-form';
import type { ReceiverForm } from '../model/receiver-form';
import { ReceiverRowFields } from './ReceiverRowFields';

/**
 * The receiver editor. Normal mode shows the saved list
 * read-only with Edit; edit mode has Cancel and save. Cancel restores the
 * loaded list; a successful save returns to normal once the list has been
 * refetched. A failed save is only logged and stays in edit mode; a role
 * refusal says why. A role below manager cannot start editing, and is told why.
 */
export function ReceiverEditor({ receivers }: { receivers: EmailReceiver[] }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const save = useUpdateEmailReceivers();
  const mayEdit = usePermission('manage', 'setReceivers');
  const noteId = useId();
  const refused = roleRefusalText(save.error, t);
  const { control, register, handleSubmit, reset, formState } = useForm<ReceiverForm>({
    resolver: zodResolver(receiverFormSchema),
    defaultValues: toReceiverForm(receivers),
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'receivers' });

  // Outside edit mode the form always mirrors the loaded list: after Cancel and after a refetch.
  useEffect(() => {
    if (!editing) reset(toReceiverForm(receivers));
  }, [editing, receivers, reset]);

  const onSubmit = handleSubmit((values) =>
    save.mutate(receiversToSend(values), {
      onSuccess: () => {
        setEditing(false);
        // Every save confirms itself (issue #23 item 9); a failure stays logged only.
        toast.success(t('alarmNotice.saved'));
      },
    }),
  );
  const errors = formState.errors.receivers;
  const listError = errors?.root?.message ?? errors?.message;

  return (
    <form className="wb-receivers" noValidate onSubmit={(event) => void onSubmit(event)}>
      <p className="wb-receivers__intro">{t('alarmNotice.intro', { max: MAX_EMAIL_RECEIVERS })}</p>
      <RoleNote id={noteId} reason={mayEdit.reason} />
      {fields.length === 0 ? (
        <p className="wb-receivers__empty">{t('alarmNotice.empty')}</p>
      ) : (
        <ul className="wb-receivers__list" aria-label={t('alarmNotice.listLabel')}>
          {fields.map((field, index) => (
            <ReceiverRowFields
              key={field.id}
              index={index}
              editing={editing}
              control={control}
              register={register}
              emailError={errors?.[index]?.email?.message}
              nameError={errors?.[index]?.receiverName?.message}
              onDelete={() => remove(index)}
            />
          ))}
        </ul>
      )}
      {listError && (
        <p className="wb-field__error" role="alert">
          {t(listError, { max: MAX_EMAIL_RECEIVERS })}
        </p>
      )}
      {editing && refused && (
        <p className="wb-field__error" role="alert">
          {refused}
        </p>
      )}
      <div className="wb-receivers__actions">
        <span className="wb-receivers__count">
          {t('alarmNotice.count', { count: fields.length, max: MAX_EMAIL_RECEIVERS })}
        </span>
        {editing ? (
          <>
            {canAddReceiver(fields) && (
              <button
                type="button"
                className="wb-button wb-button--secondary"
                onClick={() => append(newReceiverRow())}
              >
                {t('alarmNotice.add')}
              </button>
            )}
            <button
              type="button"
              className="wb-button wb-button--secondary"
              disabled={save.isPending}
              onClick={() => setEditing(false)}
            >
              {t('alarmNotice.cancel')}
            </button>
            <button
              type="submit"
              className="wb-button wb-button--primary"
              disabled={save.isPending || !mayEdit.allowed}
            >
              {save.isPending && <Spinner size="sm" />}
              {save.isPending ? t('alarmNotice.saving') : t('alarmNotice.save')}
            </button>
          </>
        ) : (
          <button
            type="button"
            className="wb-button wb-button--primary"
            disabled={!mayEdit.allowed}
            aria-describedby={mayEdit.allowed ? undefined : noteId}
            onClick={() => setEditing(true)}
          >
            {t('alarmNotice.edit')}
          </button>
        )}
      </div>
    </form>
  );
}
