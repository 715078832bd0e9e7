import { Fragment, useId, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { BILL_CSV_COLUMNS, BILL_CSV_MAX_CHARS } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/Spinner';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';
import { ApiError } from '@/lib/api-errors';
import { useImportBills } from '../api/bill-import';
import { csvProblem } from '../model/import-problem';

/**
 * What the last attempt came to: a count, or why nothing was imported (a text
 * of ours, or the server's refusal, told in the page's language when shown).
 */
type Outcome = { imported: number } | { problem: string } | { refusal: unknown } | null;

/**
 * Bills from CSV: a file is read here as UTF-8 text into the box (so what will
 * be sent can be seen, or pasted instead), then sent whole; the server takes
 * all rows or none, and its refusal names the row and column.
 */
export function BillImport() {
  const { t } = useTranslation();
  const texts = useAdminTexts();
  const ids = useId();
  const importing = useImportBills();
  const [csv, setCsv] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);

  // The server names the row and column in English: told again in the page's language.
  const refusalText = (error: unknown) => {
    const problem = error instanceof ApiError ? csvProblem(error.message) : null;
    if (problem?.kind === 'row') {
      return t('admin.bills.import.rowProblem', {
        row: problem.row,
        column: problem.column,
        problem: t(problem.reason.key, problem.reason.values ?? {}),
      });
    }
    if (problem) return t(problem.text.key, problem.text.values ?? {});
    return texts.error(error);
  };

  const readFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setOutcome(null);
    // Blob.text() decodes UTF-8 and drops a byte-order mark, as Excel's "CSV UTF-8" writes one.
    file.text().then(setCsv, () => setOutcome({ problem: t('admin.bills.import.unreadable') }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Checked here as the contract does: the API client treats a request off it as a bug.
    if (csv.trim() === '') return setOutcome({ problem: t('admin.bills.import.nothing') });
    if (csv.length > BILL_CSV_MAX_CHARS) {
      return setOutcome({
        problem: t('admin.bills.import.tooLong', { max: BILL_CSV_MAX_CHARS.toLocaleString() }),
      });
    }
    setOutcome(null);
    importing.mutate(csv, {
      onSuccess: (answer) => setOutcome({ imported: answer.imported ?? 0 }),
      onError: (error) => setOutcome({ refusal: error }),
    });
  };

  return (
    <section className="wb-admin-bills__block" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className="wb-admin-bills__subtitle">
        {t('admin.bills.import.title')}
      </h3>
      <p className="wb-admin__hint">
        {t('admin.bills.import.help')}{' '}
        <code>
          {/* A line may break after a comma, never inside a column's name (390 px phones). */}
          {BILL_CSV_COLUMNS.map((column, index) => (
            <Fragment key={column}>
              {index > 0 && (
                <>
                  ,<wbr />
                </>
              )}
              {column}
            </Fragment>
          ))}
        </code>
      </p>
      <p className="wb-admin__hint">{t('admin.bills.import.helpRules')}</p>
      <form className="wb-admin-form" noValidate onSubmit={submit}>
        <div className="wb-field">
          <label className="wb-field__label" htmlFor={`${ids}-file`}>
            {t('admin.bills.import.file')}
          </label>
          <input
            id={`${ids}-file`}
            type="file"
            accept=".csv,text/csv,text/plain"
            className="wb-input"
            onChange={readFile}
          />
        </div>
        <div className="wb-field">
          <label className="wb-field__label" htmlFor={`${ids}-text`}>
            {t('admin.bills.import.paste')}
          </label>
          <textarea
            id={`${ids}-text`}
            className="wb-input wb-admin-bills__csv"
            rows={5}
            spellCheck={false}
            value={csv}
            onChange={(event) => setCsv(event.target.value)}
          />
        </div>
        {outcome && 'imported' in outcome && (
          <p className="wb-admin-bills__ok" role="status">
            {t('admin.bills.import.imported', { count: outcome.imported })}
          </p>
        )}
        {outcome && ('problem' in outcome || 'refusal' in outcome) && (
          <div className="wb-field__error" role="alert">
            <p>{t('admin.bills.import.refused')}</p>
            <p className="wb-admin-bills__problem">
              {'problem' in outcome ? outcome.problem : refusalText(outcome.refusal)}
            </p>
          </div>
        )}
        <div className="wb-admin__actions">
          <button
            type="submit"
            className="wb-button wb-button--primary"
            disabled={importing.isPending}
          >
            {importing.isPending && <Spinner size="sm" />}
            {importing.isPending
              ? t('admin.bills.import.importing')
              : t('admin.bills.import.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
