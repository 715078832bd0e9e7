import { useId, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import type { HistoryRefusal } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/Spinner';
import { useAdminNodes } from '@/features/admin/shared/api/node-list';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';
import { ApiError } from '@/lib/api-errors';
import { usePreviewHistory } from '../api/history-import-preview';
import { useImportRun } from '../hooks/use-import-run';
import { RecordTooLongError, fileStart } from '../model/chunk-file';
import { headerColumns } from '../model/header-columns';
import {
  DEFAULT_SETTINGS,
  EMPTY_MAPPING,
  importBlocker,
  mappingForm,
  mappingOf,
  settingsFields,
} from '../model/import-form';
import type { MappingForm } from '../model/import-form';
import { ImportProgress } from './ImportProgress';
import { ImportSettingsFields } from './ImportSettingsFields';
import { MappingFields } from './MappingFields';
import { PreviewTable } from './PreviewTable';
import type { PreviewRow } from './PreviewTable';
import './history-import.css';

/** A text of ours (kept as a key, so it follows a change of language) or a failed call. */
type Problem = { key: string; values?: Record<string, string | number> } | { error: unknown };

/**
 * Admin › Import (issue #25): history from a CSV file. The file's first rows
 * are previewed (the server guesses the columns from the header), then the
 * whole file is sent in chunks, one at a time; it is read slice by slice, so
 * a large file is never held whole.
 */
export function HistoryImportSection() {
  const { t } = useTranslation();
  const texts = useAdminTexts();
  const ids = useId();
  const nodes = useAdminNodes();
  const preview = usePreviewHistory();
  const importing = useImportRun();
  const [file, setFile] = useState<File | null>(null);
  const [settings, setSettings] = useState(DEFAULT_SETTINGS);
  const [mapping, setMapping] = useState<MappingForm>(EMPTY_MAPPING);
  const [columns, setColumns] = useState<string[] | null>(null);
  const [shown, setShown] = useState<{ rows: PreviewRow[]; refused: HistoryRefusal[] } | null>(
    null,
  );
  const [note, setNote] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const running = importing.run.state === 'running';
  const meters = (nodes.data ?? []).filter(
    (node) => node.serial !== null && node.type !== 'virtual' && node.retiredAt === null,
  );

  /** Previews the file's start: with the form's mapping, or (`guess`) the server's guess. */
  const showPreview = async (chosen: File, guess: boolean) => {
    setProblem(null);
    setNote(null);
    let start;
    try {
      start = await fileStart(chosen);
    } catch (error) {
      setProblem(
        error instanceof RecordTooLongError
          ? { key: 'admin.import.rowTooLong', values: { row: error.row } }
          : { key: 'admin.import.unreadable' },
      );
      return;
    }
    if (!start) {
      setShown(null);
      setColumns(null);
      setProblem({ key: 'admin.import.noRows' });
      return;
    }
    const chosenMapping = guess ? null : mappingOf(mapping);
    const header = start.csv.slice(0, start.csv.indexOf('\n'));
    preview.mutate(
      {
        ...settingsFields(settings, chosenMapping ? mapping : EMPTY_MAPPING),
        csv: start.csv,
        ...(chosenMapping ? { mapping: chosenMapping } : {}),
      },
      {
        onSuccess: (answer) => {
          setColumns(answer.columns ?? headerColumns(header));
          if (!chosenMapping) setMapping(mappingForm(answer.mapping));
          if (answer.mapping === null) setNote('admin.import.noGuess');
          setShown({ rows: answer.rows ?? [], refused: answer.refused ?? [] });
        },
        onError: (error) => {
          setShown(null);
          // A one-meter file has no guess until its meter is chosen: its header,
          // read here, still lets the columns and the meter be set.
          if (
            !chosenMapping &&
            error instanceof ApiError &&
            error.message.startsWith('mapping.serial:')
          ) {
            setColumns(headerColumns(header));
            setMapping(EMPTY_MAPPING);
            setNote('admin.import.needMeter');
            return;
          }
          setProblem({ error });
        },
      },
    );
  };

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    setColumns(null);
    setShown(null);
    setMapping(EMPTY_MAPPING);
    importing.reset();
    if (chosen) void showPreview(chosen, true);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file || running) return;
    const blocker = importBlocker(mapping, settings);
    if (blocker) return setProblem({ key: blocker });
    setProblem(null);
    void importing.start(file, mappingOf(mapping)!, settingsFields(settings, mapping));
  };

  const problemText =
    problem === null
      ? null
      : 'error' in problem
        ? texts.error(problem.error)
        : t(problem.key, problem.values ?? {});

  return (
    <section className="wb-admin-panel wb-admin-import" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="wb-admin-panel__title">
        {t('admin.import.title')}
      </h2>
      <p className="wb-admin__hint">{t('admin.import.explain')}</p>
      <form className="wb-admin-form" noValidate onSubmit={submit}>
        <div className="wb-field">
          <label className="wb-field__label" htmlFor={`${ids}-file`}>
            {t('admin.import.file')}
          </label>
          <input
            id={`${ids}-file`}
            type="file"
            accept=".csv,text/csv,text/plain"
            className="wb-input"
            disabled={running}
            onChange={chooseFile}
          />
        </div>
        <ImportSettingsFields
          settings={settings}
          onChange={setSettings}
          meters={columns !== null && mapping.serial === '' ? meters : null}
          disabled={running}
        />
        {columns !== null && (
          <MappingFields
            columns={columns}
            mapping={mapping}
            onChange={setMapping}
            disabled={running}
          />
        )}
        {note && <p className="wb-admin__hint">{t(note)}</p>}
        {problemText && (
          <p className="wb-field__error" role="alert">
            {problemText}
          </p>
        )}
        <div className="wb-admin__actions">
          <button
            type="button"
            className="wb-button"
            disabled={!file || running || preview.isPending}
            onClick={() => file && void showPreview(file, mappingOf(mapping) === null)}
          >
            {preview.isPending && <Spinner size="sm" />}
            {preview.isPending ? t('admin.import.previewing') : t('admin.import.preview')}
          </button>
          {running ? (
            <button
              type="button"
              className="wb-button"
              disabled={importing.cancelling}
              onClick={importing.cancel}
            >
              {importing.cancelling ? t('admin.import.cancelling') : t('admin.import.cancel')}
            </button>
          ) : (
            <button
              type="submit"
              className="wb-button wb-button--primary"
              disabled={columns === null}
            >
              {t('admin.import.submit')}
            </button>
          )}
        </div>
      </form>
      {running && (
        <p className="wb-admin__hint">
          <Spinner size="sm" /> {t('admin.import.importing')}
        </p>
      )}
      {shown && <PreviewTable rows={shown.rows} refused={shown.refused} />}
      {importing.run.state !== 'idle' && <ImportProgress run={importing.run} />}
    </section>
  );
}
