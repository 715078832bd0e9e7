import { useTranslation } from 'react-i18next';
import { tariffMessage } from '../model/tariff-messages';

/** A tariff field's (English, contract) message in the page's language; null for none. */
export function useTariffFieldText() {
  const { t } = useTranslation();
  return (message: string | undefined): string | null => {
    const text = tariffMessage(message);
    return text ? t(text.key, text.values ?? {}) : null;
  };
}
