import { BILL_PERIOD_MAX_DAYS } from '@wattboard/contract';
import type { BillLine } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { currencyUnit } from '@/lib/money';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';
import { LINE_KIND } from '../model/bill-lines';
import { billRule } from '../model/import-problem';

/**
 * The Admin translators, plus the bill's own: a line's label with its unit,
 * and the period's length limit, which the shared field messages do not know.
 */
export function useBillTexts() {
  const { t, i18n } = useTranslation();
  const texts = useAdminTexts();
  return {
    ...texts,
    field: (message: string | undefined) => {
      if (message && /period is at most/.test(message)) {
        return t('admin.validation.rangeDays', { max: String(BILL_PERIOD_MAX_DAYS) });
      }
      // A figure that is no number says so (with an example), not just "invalid value".
      const reason = message ? billRule(message) : null;
      return reason ? t(reason.key, reason.values ?? {}) : texts.field(message);
    },
    lineLabel: (line: BillLine) => {
      const kind = LINE_KIND[line];
      const unit = kind === 'money' ? currencyUnit('TWD', i18n.language) : kind;
      return t('admin.bills.fields.lineUnit', { line: t(`admin.bills.line.${line}`), unit });
    },
  };
}
