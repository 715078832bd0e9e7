import type { HistoryRefusal } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { refusalText } from '../model/refusal-text';

interface Props {
  title: string;
  refused: HistoryRefusal[];
  /** Refused rows in all: more than listed when the server listed only the first. */
  count: number;
}

/** Refused rows, each with its row, column and reason in the page's language. */
export function RefusalList({ title, refused, count }: Props) {
  const { t } = useTranslation();
  if (refused.length === 0) return null;
  return (
    <section className="wb-admin-import__refused" aria-label={title}>
      <h3 className="wb-admin-panel__subtitle">{title}</h3>
      {count > refused.length && (
        <p className="wb-admin__hint">
          {t('admin.import.refusedFirst', { count, shown: refused.length })}
        </p>
      )}
      <ul className="wb-admin-import__list">
        {refused.map((refusal, index) => (
          <li key={`${refusal.row}-${refusal.column}-${index}`}>{refusalText(t, refusal)}</li>
        ))}
      </ul>
    </section>
  );
}
