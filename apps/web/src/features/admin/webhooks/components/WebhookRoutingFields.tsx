import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';
import type { WebhookFormValues } from '../model/webhook-form';
import { WebhookTextInput } from './WebhookTextInput';

interface WebhookRoutingFieldsProps {
  register: UseFormRegister<WebhookFormValues>;
  errors: FieldErrors<WebhookFormValues>;
  quiet: boolean;
  escalate: boolean;
}

type Check =
  'alarms' | 'anomalies' | 'offline' | 'demand' | 'reports' | 'enabled' | 'quiet' | 'escalate';

/**
 * What a destination receives (event kinds), its quiet hours and whether it
 * is an escalation point (decision 0072); the times show only when switched on.
 */
export function WebhookRoutingFields({
  register,
  errors,
  quiet,
  escalate,
}: WebhookRoutingFieldsProps) {
  const { t } = useTranslation();
  const texts = useAdminTexts();
  const check = (field: Check) => (
    <label className="wb-admin-check">
      <input type="checkbox" {...register(field)} />
      {t(`admin.webhooks.fields.${field}`)}
    </label>
  );
  return (
    <>
      <fieldset className="wb-webhook-sends">
        <legend>{t('admin.webhooks.fields.sends')}</legend>
        {check('alarms')}
        {check('anomalies')}
        {check('offline')}
        {check('demand')}
        {check('reports')}
        <p className="wb-admin__hint">{t('admin.webhooks.hints.reports')}</p>
        {check('enabled')}
      </fieldset>
      <fieldset className="wb-webhook-sends">
        <legend>{t('admin.webhooks.fields.quiet')}</legend>
        {check('quiet')}
        <p className="wb-admin__hint">{t('admin.webhooks.hints.quiet')}</p>
        {quiet && (
          <div className="wb-webhook-times">
            <WebhookTextInput
              label={t('admin.webhooks.fields.quietStart')}
              message={texts.field(errors.quietStart?.message)}
              type="time"
              registration={register('quietStart')}
            />
            <WebhookTextInput
              label={t('admin.webhooks.fields.quietEnd')}
              message={texts.field(errors.quietEnd?.message)}
              type="time"
              registration={register('quietEnd')}
            />
          </div>
        )}
      </fieldset>
      <fieldset className="wb-webhook-sends">
        <legend>{t('admin.webhooks.fields.escalate')}</legend>
        {check('escalate')}
        <p className="wb-admin__hint">{t('admin.webhooks.hints.escalate')}</p>
        {escalate && (
          <WebhookTextInput
            label={t('admin.webhooks.fields.escalateMinutes')}
            message={texts.field(errors.escalateAfterMinutes?.message)}
            type="number"
            inputMode="numeric"
            registration={register('escalateAfterMinutes')}
          />
        )}
      </fieldset>
    </>
  );
}
