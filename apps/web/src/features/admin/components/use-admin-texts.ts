import { useTranslation } from 'react-i18next';
import { adminErrorText } from '../model/admin-error';
import { fieldMessage } from '../model/field-message';

/** Translators for the page: a field's zod message and a failed call, in the page's language. */
export function useAdminTexts() {
  const { t } = useTranslation();
  return {
    field: (message: string | undefined): string | null => {
      const text = fieldMessage(message);
      return text ? t(text.key, text.values ?? {}) : null;
    },
    error: (error: unknown): string => {
      const text = adminErrorText(error);
      return t(text.key, text.values ?? {});
    },
  };
}
