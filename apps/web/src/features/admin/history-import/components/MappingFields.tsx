import { useId } from 'react';
import { HISTORY_FIELDS } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import type { MappingForm } from '../model/import-form';

interface Props {
  columns: string[];
  mapping: MappingForm;
  onChange: (mapping: MappingForm) => void;
  disabled: boolean;
}

/** One choice of column per field, filled from the server's guess; time and kWh are required. */
export function MappingFields({ columns, mapping, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const ids = useId();
  return (
    <fieldset className="wb-admin-import__mapping" disabled={disabled}>
      <legend className="wb-field__label">{t('admin.import.mapping')}</legend>
      <p className="wb-admin__hint">{t('admin.import.mappingHint')}</p>
      <div className="wb-admin-form__row">
        {HISTORY_FIELDS.map((field) => (
          <div key={field} className="wb-field">
            <label className="wb-field__label" htmlFor={`${ids}-${field}`}>
              {t(`admin.import.fields.${field}`)}
            </label>
            <select
              id={`${ids}-${field}`}
              className="wb-select"
              required={field === 'time' || field === 'kwh'}
              value={mapping[field]}
              onChange={(event) => onChange({ ...mapping, [field]: event.target.value })}
            >
              <option value="">{t('admin.import.noColumn')}</option>
              {columns.map((column) => (
                <option key={column} value={column}>
                  {column}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
