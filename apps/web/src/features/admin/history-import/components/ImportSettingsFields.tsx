import { useId } from 'react';
import { HISTORY_IMPORT_FORMATS } from '@wattboard/contract';
import type { AdminNode } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { channelDisplayName } from '@/lib/channel-names';
import type { ImportSettings } from '../model/import-form';

interface Props {
  settings: ImportSettings;
  onChange: (settings: ImportSettings) => void;
  /** Meters to choose from when the file has no serial column; null hides the choice. */
  meters: AdminNode[] | null;
  disabled: boolean;
}

/** The file's format (and an interval file's options), and its meter when no column names one. */
export function ImportSettingsFields({ settings, onChange, meters, disabled }: Props) {
  const { t, i18n } = useTranslation();
  const ids = useId();
  const set = (change: Partial<ImportSettings>) => onChange({ ...settings, ...change });
  return (
    <>
      <fieldset className="wb-admin-import__formats" disabled={disabled}>
        <legend className="wb-field__label">{t('admin.import.format')}</legend>
        {HISTORY_IMPORT_FORMATS.map((format) => (
          <label key={format} className="wb-admin-check">
            <input
              type="radio"
              name={`${ids}-format`}
              value={format}
              checked={settings.format === format}
              onChange={() => set({ format })}
            />
            {t(`admin.import.formats.${format}`)}
          </label>
        ))}
      </fieldset>
      {settings.format === 'interval' && (
        <div className="wb-admin-form__row">
          <div className="wb-field">
            <label className="wb-field__label" htmlFor={`${ids}-minutes`}>
              {t('admin.import.intervalMinutes')}
            </label>
            <input
              id={`${ids}-minutes`}
              type="number"
              className="wb-input"
              min={1}
              max={1440}
              step={1}
              disabled={disabled}
              value={settings.intervalMinutes}
              onChange={(event) => {
                // The contract takes 1–1,440 whole minutes: anything else is held at the nearest.
                const minutes = Math.round(Number(event.target.value));
                set({ intervalMinutes: Math.min(1440, Math.max(1, minutes || 1)) });
              }}
            />
          </div>
          <div className="wb-field">
            <label className="wb-field__label" htmlFor={`${ids}-time`}>
              {t('admin.import.intervalTime')}
            </label>
            <select
              id={`${ids}-time`}
              className="wb-select"
              disabled={disabled}
              value={settings.intervalTime}
              onChange={(event) => set({ intervalTime: event.target.value as 'start' | 'end' })}
            >
              <option value="end">{t('admin.import.intervalTimes.end')}</option>
              <option value="start">{t('admin.import.intervalTimes.start')}</option>
            </select>
          </div>
        </div>
      )}
      {meters && (
        <div className="wb-field">
          <label className="wb-field__label" htmlFor={`${ids}-meter`}>
            {t('admin.import.meter')}
          </label>
          <select
            id={`${ids}-meter`}
            className="wb-select"
            aria-describedby={`${ids}-meter-hint`}
            disabled={disabled}
            value={settings.meterSerial}
            onChange={(event) => set({ meterSerial: event.target.value })}
          >
            <option value="">{t('admin.import.chooseMeter')}</option>
            {meters.map((meter) => (
              <option key={meter.id} value={meter.serial ?? ''}>
                {`${channelDisplayName(meter, i18n.language)} (${meter.serial})`}
              </option>
            ))}
          </select>
          <p id={`${ids}-meter-hint`} className="wb-admin__hint">
            {t('admin.import.meterHint')}
          </p>
        </div>
      )}
    </>
  );
}
