import { useEffect, useId, useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { AlarmItem } from '@wattboard/contract';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { RoleFieldset, RoleNote } from '@/components/RoleNote';
import { Spinner } from '@/components/Spinner';
import { usePermission } from '@/lib/hooks/use-permission';
import { roleRefusalText } from '@/lib/roles';
import { useAlarmUpdate } from '../api/alarm-update';
import {
  alarmFormSchema,
  alarmSaveProblem,
  toAlarmForm,
  toAlarmSettings,
} from '../model/alarm-form';
import type { AlarmForm } from '../model/alarm-form';
import { AlarmSettingsRow } from './AlarmSettingsRow';
import { ResponsiveTable } from '@/components/ui/ResponsiveTable';

interface AlarmSettingsFormProps {
  deviceId: number;
  list: AlarmItem[];
  zone: string | null;
}

/**
 * The alarm table as a form. Latest values and states come straight from
 * the (refreshing) list; the editable limits follow the list only while the
 * user has not touched them, so a refresh never wipes an edit in progress.
 * A role below manager sees the limits read-only, with the reason.
 */
export function AlarmSettingsForm({ deviceId, list, zone }: AlarmSettingsFormProps) {
  const { t } = useTranslation();
  const save = useAlarmUpdate();
  const thresholds = usePermission('manage', 'setThresholds');
  const noteId = useId();
  const { control, register, handleSubmit, reset, formState } = useForm<AlarmForm>({
    resolver: zodResolver(alarmFormSchema),
    defaultValues: toAlarmForm(list),
  });
  const { fields } = useFieldArray({ control, name: 'alarms' });
  const { isDirty, errors } = formState;
  const saveProblem = alarmSaveProblem(save.error);
  const refused = roleRefusalText(save.error, t);
  const byTarget = useMemo(() => new Map(list.map((item) => [item.target, item])), [list]);

  useEffect(() => {
    if (!isDirty) reset(toAlarmForm(list));
  }, [list, isDirty, reset]);

  const onSubmit = handleSubmit((values) => {
    if (!thresholds.allowed) return;
    const alarms = toAlarmSettings(values);
    save.mutate(
      { deviceId, alarms },
      {
        onSuccess: () => {
          // What was saved is what the form now holds (normalised: " 207 " became 207).
          reset(toAlarmForm(alarms));
          // Like every save in the app, a toast confirms it wherever the user now looks
          // (the inline note sits below a long table; issue #23 item 9).
          toast.success(t('alarmSettings.saved'));
        },
      },
    );
  });

  return (
    <form className="wb-mp-alarms" noValidate onSubmit={(event) => void onSubmit(event)}>
      <RoleNote id={noteId} reason={thresholds.reason} />
      <RoleFieldset disabled={!thresholds.allowed}>
        <ResponsiveTable label={t('alarmSettings.caption')}>
          <table className="wb-table wb-mp-alarms__table">
            <caption className="wb-visually-hidden">{t('alarmSettings.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('alarmSettings.columns.target')}</th>
                <th scope="col" className="wb-num">
                  {t('alarmSettings.columns.latest')}
                </th>
                <th scope="col">{t('alarmSettings.columns.status')}</th>
                <th scope="col">{t('alarmSettings.columns.lastHappened')}</th>
                <th scope="col">{t('alarmSettings.columns.active')}</th>
                <th scope="col">{t('alarmSettings.columns.low')}</th>
                <th scope="col">{t('alarmSettings.columns.high')}</th>
              </tr>
            </thead>
            <tbody>
              {fields.map((field, index) => {
                const item = byTarget.get(field.target as AlarmItem['target']);
                if (!item) return null;
                return (
                  // Keyed by target, not field.id: a reset after each refresh must not remount
                  // the inputs (and steal focus); targets are unique and rows never move.
                  <AlarmSettingsRow
                    key={field.target}
                    index={index}
                    item={item}
                    zone={zone}
                    register={register}
                    errors={errors.alarms?.[index]}
                  />
                );
              })}
            </tbody>
          </table>
        </ResponsiveTable>
      </RoleFieldset>
      <div className="wb-mp-alarms__actions">
        {save.isError && (
          <p className="wb-mp-alarms__message wb-mp-alarms__message--error" role="alert">
            {refused ?? t(saveProblem.key, { detail: saveProblem.detail })}
          </p>
        )}
        {save.isSuccess && !isDirty && (
          <p className="wb-mp-alarms__message" role="status">
            {t('alarmSettings.saved')}
          </p>
        )}
        {isDirty && (
          <button
            type="button"
            className="wb-button wb-button--secondary"
            disabled={save.isPending}
            onClick={() => reset(toAlarmForm(list))}
          >
            {t('alarmSettings.discard')}
          </button>
        )}
        <button
          type="submit"
          className="wb-button wb-button--primary"
          disabled={!isDirty || save.isPending || !thresholds.allowed}
          aria-describedby={thresholds.allowed ? undefined : noteId}
        >
          {save.isPending && <Spinner size="sm" />}
          {save.isPending ? t('alarmSettings.saving') : t('alarmSettings.save')}
        </button>
      </div>
    </form>
  );
}
