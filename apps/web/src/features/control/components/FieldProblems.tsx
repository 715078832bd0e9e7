import { useTranslation } from 'react-i18next';
import type { DraftProblem } from '../model/schedule-validation';

/** The validation messages of one field, in the page's language. */
export function FieldProblems({ id, problems }: { id: string; problems: readonly DraftProblem[] }) {
  const { t } = useTranslation();
  if (problems.length === 0) return null;
  return (
    <span id={id} className="wb-field__error">
      {problems.map((p) => t(p.key, { message: p.message })).join(' ')}
    </span>
  );
}
