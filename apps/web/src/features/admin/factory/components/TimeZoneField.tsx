import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allTimeZones, searchTimeZones, utcOffsetLabel } from '../model/time-zones';

interface TimeZoneFieldProps {
  value: string;
  onChange: (zone: string) => void;
  message: string | null;
  hint?: string | undefined;
}

/**
 * The IANA zone with a search: typing narrows the list (city, region or
 * offset such as +08); the list is a native listbox, so arrows, Home/End and
 * type-ahead work with the keyboard.
 */
export function TimeZoneField({ value, onChange, message, hint }: TimeZoneFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState('');
  const zones = useMemo(() => allTimeZones(), []);
  const now = useMemo(() => new Date(), []);
  const found = useMemo(() => searchTimeZones(zones, query, now, 200), [zones, query, now]);
  // The chosen zone stays listed (and selected) whatever the search shows.
  const matches = found.includes(value) || !value ? found : [value, ...found];
  const label = (zone: string) =>
    `${zone.replace(/_/g, ' ')} (UTC${utcOffsetLabel(zone, now) ?? ''})`;

  return (
    <fieldset className="wb-admin-zone">
      <legend className="wb-field__label">{t('admin.factory.timeZone')}</legend>
      <p className="wb-admin-zone__current" aria-live="polite">
        {t('admin.factory.chosenZone', { zone: label(value) })}
      </p>
      <label className="wb-visually-hidden" htmlFor={`${id}-search`}>
        {t('admin.factory.searchZone')}
      </label>
      <input
        id={`${id}-search`}
        type="search"
        className="wb-input"
        placeholder={t('admin.factory.searchZone')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <label className="wb-visually-hidden" htmlFor={`${id}-list`}>
        {t('admin.factory.zoneList')}
      </label>
      <select
        id={`${id}-list`}
        className="wb-select wb-admin-zone__list"
        size={6}
        value={value}
        aria-describedby={`${id}-message`}
        aria-invalid={message ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {matches.map((zone) => (
          <option key={zone} value={zone}>
            {label(zone)}
          </option>
        ))}
      </select>
      {found.length === 0 && <p className="wb-admin__hint">{t('admin.factory.noZone')}</p>}
      {hint && <p className="wb-admin__hint">{hint}</p>}
      <p id={`${id}-message`} className="wb-field__error" role="alert">
        {message}
      </p>
    </fieldset>
  );
}
