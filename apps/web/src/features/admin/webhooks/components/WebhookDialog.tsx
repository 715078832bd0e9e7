import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { WEBHOOK_FORMATS } from '@wattboard/contract';
import type { AdminWebhook, LineBinding } from '@wattboard/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/Dialog';
import { FormField } from '@/components/ui/FormField';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';
import { FormFooter } from '@/features/admin/shared/components/FormFooter';
import { useSaveWebhook } from '../api/webhook-save';
import {
  blankWebhook,
  formValuesOf,
  toSaveRequest,
  webhookFormSchema,
  type WebhookFormValues,
} from '../model/webhook-form';
import { WebhookRoutingFields } from './WebhookRoutingFields';
import { WebhookTextInput } from './WebhookTextInput';

interface WebhookDialogProps {
  /** Open for a new destination (`null`) or that one; closed when undefined. */
  editing: AdminWebhook | null | undefined;
  onClose: () => void;
  /**
   * After a save: the new secret when one was made (shown once), else null;
   * a LINE destination's new binding code and webhook address, else null.
   */
  onSaved: (secret: string | null, name: string, lineBinding: LineBinding | null) => void;
}

/**
 * Adds or changes an alert destination: name, format, its address (or a
 * Telegram bot's token and chat, or a LINE Official Account's channel keys),
 * what it receives, quiet hours, escalation.
 */
export function WebhookDialog({ editing, onClose, onSaved }: WebhookDialogProps) {
  const { t } = useTranslation();
  const texts = useAdminTexts();
  const save = useSaveWebhook();
  const open = editing !== undefined;
  const { register, handleSubmit, formState, reset, setError, watch } = useForm<WebhookFormValues>({
    resolver: zodResolver(webhookFormSchema),
    defaultValues: blankWebhook,
  });
  // Outside the contract's form rule: it only asks the server for a new secret.
  const [newSecret, setNewSecret] = useState(false);
  const [lineNewCode, setLineNewCode] = useState(false);
  useEffect(() => {
    if (!open) return;
    setNewSecret(false);
    setLineNewCode(false);
    reset(editing ? formValuesOf(editing) : blankWebhook);
  }, [open, editing, reset]);
  const format = watch('format');
  const telegram = format === 'telegram';
  // A saved Telegram token is never sent back: empty keeps it, so only a new bot must give one.
  const keepsToken = editing?.format === 'telegram' && editing.telegramToken !== null;
  const line = format === 'line';
  // LINE's keys are never sent back either: a saved LINE destination keeps them when left empty.
  const keepsLineKeys = editing?.format === 'line';
  const onSubmit = handleSubmit((values) => {
    if (telegram && !keepsToken && values.telegramToken.trim() === '') {
      setError('telegramToken', { message: 'telegramToken is required' });
      return;
    }
    if (line && !keepsLineKeys) {
      const missing = (['lineChannelToken', 'lineChannelSecret'] as const).filter(
        (field) => values[field].trim() === '',
      );
      for (const field of missing) setError(field, { message: `${field} is required` });
      if (missing.length > 0) return;
    }
    save.mutate(toSaveRequest(values, editing?.id ?? null, newSecret, lineNewCode), {
      onSuccess: (answer) => onSaved(answer.secret, values.name, answer.lineBinding ?? null),
      onError: (error) => setError('root', { message: texts.error(error) }),
    });
  });
  const errors = formState.errors;
  return (
    <Dialog
      open={open}
      title={t(editing ? 'admin.webhooks.editTitle' : 'admin.webhooks.addTitle')}
      closeLabel={t('admin.common.close')}
      onClose={onClose}
    >
      <form className="wb-admin-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <WebhookTextInput
          label={t('admin.webhooks.fields.name')}
          message={texts.field(errors.name?.message)}
          registration={register('name')}
        />
        <FormField
          label={t('admin.webhooks.fields.format')}
          message={texts.field(errors.format?.message)}
          hint={t(`admin.webhooks.formatHints.${format}`)}
        >
          {({ id, describedBy }) => (
            <select
              id={id}
              className="wb-select"
              aria-describedby={describedBy}
              {...register('format')}
            >
              {WEBHOOK_FORMATS.map((value) => (
                <option key={value} value={value}>
                  {t(`admin.webhooks.formats.${value}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {telegram ? (
          <>
            <WebhookTextInput
              label={t('admin.webhooks.fields.telegramToken')}
              message={texts.field(errors.telegramToken?.message)}
              hint={
                keepsToken
                  ? t('admin.webhooks.hints.telegramTokenKeep', { masked: editing.telegramToken })
                  : t('admin.webhooks.hints.telegramToken')
              }
              type="password"
              registration={register('telegramToken')}
            />
            <WebhookTextInput
              label={t('admin.webhooks.fields.telegramChatId')}
              message={texts.field(errors.telegramChatId?.message)}
              hint={t('admin.webhooks.hints.telegramChatId')}
              registration={register('telegramChatId')}
            />
          </>
        ) : line ? (
          <>
            <WebhookTextInput
              label={t('admin.webhooks.fields.lineChannelToken')}
              message={texts.field(errors.lineChannelToken?.message)}
              hint={
                keepsLineKeys
                  ? t('admin.webhooks.hints.lineKeep')
                  : t('admin.webhooks.hints.lineChannelToken')
              }
              type="password"
              registration={register('lineChannelToken')}
            />
            <WebhookTextInput
              label={t('admin.webhooks.fields.lineChannelSecret')}
              message={texts.field(errors.lineChannelSecret?.message)}
              hint={
                keepsLineKeys
                  ? t('admin.webhooks.hints.lineKeep')
                  : t('admin.webhooks.hints.lineChannelSecret')
              }
              type="password"
              registration={register('lineChannelSecret')}
            />
          </>
        ) : (
          <WebhookTextInput
            label={t('admin.webhooks.fields.url')}
            message={texts.field(errors.url?.message)}
            type="url"
            inputMode="url"
            registration={register('url')}
          />
        )}
        <WebhookRoutingFields
          register={register}
          errors={errors}
          quiet={watch('quiet')}
          escalate={watch('escalate')}
        />
        {editing && format === 'signed' && (
          <label className="wb-admin-check">
            <input
              type="checkbox"
              checked={newSecret}
              onChange={(event) => setNewSecret(event.target.checked)}
            />
            {t('admin.webhooks.fields.newSecret')}
          </label>
        )}
        {keepsLineKeys && line && (
          <label className="wb-admin-check">
            <input
              type="checkbox"
              checked={lineNewCode}
              onChange={(event) => setLineNewCode(event.target.checked)}
            />
            {t('admin.webhooks.fields.lineNewCode')}
          </label>
        )}
        <FormFooter
          error={errors.root?.message}
          submitLabel={t('admin.common.save')}
          pending={save.isPending}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
