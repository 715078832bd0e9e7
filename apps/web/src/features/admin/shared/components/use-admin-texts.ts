import { useTranslation } from 'react-i18next';
import { adminErrorText, adminMessageId } from '../model/admin-error';
import { fieldMessage } from '../model/field-message';

/** Translators for the page: a field's zod message and a failed call, in the page's language. */
export function useAdminTexts() {
  const { t } = useTranslation();
  return {
    field: (message: string | undefined): string | null => {
      // A server refusal set on a field (a taken serial) reads as that refusal.
      const known = message ? adminMessageId(message) : null;
      if (known) return t(`admin.errors.${known}`);
      const text = fieldMessage(message);
      return text ? t(text.key, text.values ?? {}) : null;
    },
    error: (error: unknown): string => {
      const text = adminErrorText(error);
      return t(text.key, text.values ?? {});
    },
  };
}
