import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { adminWebhookSaveRequest, WEBHOOK_FORMATS } from '@wattboard/contract';
import type { AdminWebhook, WebhookFormat } from '@wattboard/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/Dialog';
import { FormField } from '@/components/ui/FormField';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';
import { FormFooter } from '@/features/admin/shared/components/FormFooter';
import { useSaveWebhook } from '../api/webhook-save';

const webhookForm = adminWebhookSaveRequest.pick({
  name: true,
  format: true,
  url: true,
  enabled: true,
  alarms: true,
  demand: true,
});

interface WebhookFormValues {
  name: string;
  format: WebhookFormat;
  url: string;
  enabled: boolean;
  alarms: boolean;
  demand: boolean;
}

const blank: WebhookFormValues = {
  name: '',
  format: 'signed',
  url: '',
  enabled: true,
  alarms: true,
  demand: true,
};

interface WebhookDialogProps {
  /** Open for a new destination (`null`) or that one; closed when undefined. */
  editing: AdminWebhook | null | undefined;
  onClose: () => void;
  /** After a save: the new secret when one was made (shown once), else null. */
  onSaved: (secret: string | null, name: string) => void;
}

/** Adds or changes an alert webhook: name, format, address and what it receives. */
export function WebhookDialog({ editing, onClose, onSaved }: WebhookDialogProps) {
  const { t } = useTranslation();
  const texts = useAdminTexts();
  const save = useSaveWebhook();
  const open = editing !== undefined;
  const { register, handleSubmit, formState, reset, setError, watch } = useForm<WebhookFormValues>({
    resolver: zodResolver(webhookForm),
    defaultValues: blank,
  });
  // Outside the contract's form rule: it only asks the server for a new secret.
  const [newSecret, setNewSecret] = useState(false);
  useEffect(() => {
    if (!open) return;
    setNewSecret(false);
    reset(
      editing
        ? {
            name: editing.name,
            format: editing.format,
            url: editing.url,
            enabled: editing.enabled,
            alarms: editing.alarms,
            demand: editing.demand,
          }
        : blank,
    );
  }, [open, editing, reset]);
  const format = watch('format');
  const onSubmit = handleSubmit((values) =>
    save.mutate(
      { webhookId: editing?.id ?? null, ...values, newSecret },
      {
        onSuccess: (answer) => onSaved(answer.secret, values.name),
        onError: (error) => setError('root', { message: texts.error(error) }),
      },
    ),
  );
  const check = (field: 'enabled' | 'alarms' | 'demand') => (
    <label className="wb-admin-check">
      <input type="checkbox" {...register(field)} />
      {t(`admin.webhooks.fields.${field}`)}
    </label>
  );
  return (
    <Dialog
      open={open}
      title={t(editing ? 'admin.webhooks.editTitle' : 'admin.webhooks.addTitle')}
      closeLabel={t('admin.common.close')}
      onClose={onClose}
    >
      <form className="wb-admin-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <FormField
          label={t('admin.webhooks.fields.name')}
          message={texts.field(formState.errors.name?.message)}
        >
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              className="wb-input"
              autoComplete="off"
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              {...register('name')}
            />
          )}
        </FormField>
        <FormField
          label={t('admin.webhooks.fields.format')}
          message={texts.field(formState.errors.format?.message)}
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
        <FormField
          label={t('admin.webhooks.fields.url')}
          message={texts.field(formState.errors.url?.message)}
        >
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              className="wb-input"
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              {...register('url')}
            />
          )}
        </FormField>
        <fieldset className="wb-webhook-sends">
          <legend>{t('admin.webhooks.fields.sends')}</legend>
          {check('alarms')}
          {check('demand')}
          {check('enabled')}
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
        </fieldset>
        <FormFooter
          error={formState.errors.root?.message}
          submitLabel={t('admin.common.save')}
          pending={save.isPending}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
