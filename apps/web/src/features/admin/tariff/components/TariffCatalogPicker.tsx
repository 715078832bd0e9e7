import { taipowerTariffsInOrder } from '@wattboard/contract';
import type { TaipowerTariff } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/FormField';
import { normalizeLanguage } from '@/lib/i18n';

/** The tariff's fields an unconfirmed entry names, as the form's groups call them. */
const FIELD_LABEL: Record<string, string> = {
  seasons: 'cost.tariff.seasons',
  days: 'cost.tariff.days',
  holidays: 'cost.tariff.holidays',
  basicChargePerKw: 'cost.tariff.basic',
  contractBasicRates: 'cost.tariff.contractRates',
  penaltyTierFraction: 'cost.tariff.penalty',
  penaltyTier1Multiplier: 'cost.tariff.penalty',
  penaltyTier2Multiplier: 'cost.tariff.penalty',
  customerChargePerMonth: 'cost.tariff.account.customerCharge',
};

const CATALOG = taipowerTariffsInOrder();

interface TariffCatalogPickerProps {
  /** The entry the form was last filled from, if any. */
  chosen: TaipowerTariff | null;
  onPick: (entry: TaipowerTariff) => void;
}

/**
 * "Start from a Taipower table" (issue #24): the catalog's tables, confirmed
 * ones first, each unconfirmed one marked so; picking one fills the form. The
 * chosen table's source and, when unconfirmed, what is unconfirmed.
 */
export function TariffCatalogPicker({ chosen, onPick }: TariffCatalogPickerProps) {
  const { t, i18n } = useTranslation();
  const zh = normalizeLanguage(i18n.language) === 'zh';
  const option = (entry: TaipowerTariff) =>
    t(entry.confirmed ? 'cost.tariff.catalog.option' : 'cost.tariff.catalog.optionUnconfirmed', {
      kind: t(`cost.tariff.catalog.kinds.${entry.kind}`),
      date: entry.effectiveFrom,
    });
  const group = (confirmed: boolean) => (
    <optgroup
      label={t(
        confirmed ? 'cost.tariff.catalog.confirmedGroup' : 'cost.tariff.catalog.unconfirmedGroup',
      )}
    >
      {CATALOG.filter((entry) => entry.confirmed === confirmed).map((entry) => (
        <option key={entry.id} value={entry.id}>
          {option(entry)}
        </option>
      ))}
    </optgroup>
  );
  const unconfirmed = chosen
    ? [...new Set(chosen.unconfirmed.map((field) => FIELD_LABEL[field] ?? field))]
        .map((key) => t(key))
        .join(zh ? '、' : ', ')
    : '';

  return (
    <div className="wb-tariff-group wb-tariff-catalog" data-testid="tariff-catalog">
      <FormField
        label={t('cost.tariff.catalog.label')}
        message={null}
        hint={t('cost.tariff.catalog.hint')}
      >
        {({ id, describedBy }) => (
          <select
            id={id}
            className="wb-select"
            aria-describedby={describedBy}
            value={chosen?.id ?? ''}
            onChange={(event) => {
              const entry = CATALOG.find((e) => e.id === event.target.value);
              if (entry) onPick(entry);
            }}
          >
            <option value="" disabled>
              {t('cost.tariff.catalog.choose')}
            </option>
            {group(true)}
            {group(false)}
          </select>
        )}
      </FormField>
      {chosen && (
        <div className="wb-tariff-catalog__chosen" data-testid="tariff-catalog-chosen">
          <p>
            {t('cost.tariff.catalog.chosen', {
              name: zh && chosen.tariff.nameZh ? chosen.tariff.nameZh : chosen.tariff.name,
            })}
          </p>
          <p className="wb-tariff-catalog__source">
            {t('cost.tariff.source')}
            {zh ? '：' : ': '}
            {zh && chosen.tariff.sourceZh ? chosen.tariff.sourceZh : chosen.tariff.source}
          </p>
          {chosen.confirmed ? (
            <p>{t('cost.tariff.catalog.confirmed')}</p>
          ) : (
            <p role="note" className="wb-tariff-catalog__unconfirmed">
              <span className="wb-badge wb-tariff-catalog__mark">
                {t('cost.tariff.catalog.unconfirmed')}
              </span>{' '}
              {t('cost.tariff.catalog.unconfirmedText', { what: unconfirmed })}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
