import { USER_TEMPLATE_MESSAGES } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-errors';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';

const KNOWN = Object.entries(USER_TEMPLATE_MESSAGES) as [
  keyof typeof USER_TEMPLATE_MESSAGES,
  string,
][];

/** A failed Templates call in the page's language: this section's own refusals, else the Admin texts. */
export function useTemplateMessage() {
  const { t } = useTranslation();
  const texts = useAdminTexts();
  return (error: unknown): string => {
    const known =
      error instanceof ApiError ? KNOWN.find(([, text]) => text === error.message) : undefined;
    return known ? t(`admin.gatewayTemplates.messages.${known[0]}`) : texts.error(error);
  };
}
