import { useEffect, useId, useState } from 'react';
import { SCHEDULED_REPORT_MESSAGES } from '@wattboard/contract';
import type { ScheduledReport } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/Spinner';
import { ApiError } from '@/lib/api-errors';
import { useSendScheduledReportNow } from '../api/scheduled-reports-send-now';
import { useUpdateScheduledReport } from '../api/scheduled-reports-update';
import { parseReceivers, receiversProblem, receiversText } from '../model/report-receivers';
import { factoryDateTime } from '@/features/admin/shared/model/times';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';
import './reports.css';

interface Outcome {
  ok: boolean;
  text: string;
}

/** One report kind: on/off, receivers, next run, Save and Send now with the outcome said out loud. */
export function ReportCard({ report, timeZone }: { report: ScheduledReport; timeZone: string }) {
  const { t } = useTranslation();
  const texts = useAdminTexts();
  const id = useId();
  const update = useUpdateScheduledReport();
  const sendNow = useSendScheduledReportNow();
  const savedText = receiversText(report.receivers);
  const [enabled, setEnabled] = useState(report.enabled);
  const [text, setText] = useState(savedText);
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // Follows the saved settings when they change (a save, another admin's save seen on a
  // refetch), keyed by value: a refetch answering the same settings keeps what is being typed.
  useEffect(() => {
    setEnabled(report.enabled);
    setText(savedText);
  }, [report.enabled, savedText]);

  const receivers = parseReceivers(text);
  const dirty = enabled !== report.enabled || receiversText(receivers) !== savedText;
  const name = t(`admin.reports.kind.${report.kind}`);
  const when = (iso: string | null) => factoryDateTime(iso, timeZone);
  const failure = (error: unknown) =>
    error instanceof ApiError && error.message === SCHEDULED_REPORT_MESSAGES.noReceivers
      ? t('admin.reports.noReceivers')
      : texts.error(error);

  const save = () => {
    const found = receiversProblem(receivers, enabled);
    setProblem(found ? t(found.key, 'values' in found ? found.values : {}) : null);
    setOutcome(null);
    if (found) return;
    update.mutate(
      { kind: report.kind, enabled, receivers },
      {
        onSuccess: () => setOutcome({ ok: true, text: t('admin.reports.saved', { name }) }),
        onError: (error) => setOutcome({ ok: false, text: failure(error) }),
      },
    );
  };
  const send = () => {
    setOutcome(null);
    sendNow.mutate(report.kind, {
      onSuccess: (answer) =>
        setOutcome({
          ok: true,
          text: [
            t('admin.reports.sent', {
              name,
              from: answer.period.from,
              to: answer.period.to,
              count: answer.queued,
            }),
            // Webhook destinations that take reports got a link (decision 0083).
            ...(answer.webhooks
              ? [t('admin.reports.sentWebhooks', { count: answer.webhooks })]
              : []),
          ].join(' '),
        }),
      onError: (error) => setOutcome({ ok: false, text: failure(error) }),
    });
  };

  return (
    <section className="wb-admin-report" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="wb-admin-panel__subtitle">
        {name}
      </h3>
      <p className="wb-admin__hint">
        {t(`admin.reports.when.${report.kind}`, { time: report.sendTime })}
      </p>
      <label className="wb-admin-check">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
        {t('admin.reports.enabled', { name })}
      </label>
      <div className="wb-field">
        <label className="wb-field__label" htmlFor={`${id}-receivers`}>
          {t('admin.reports.receivers')}
        </label>
        <textarea
          id={`${id}-receivers`}
          className="wb-input"
          rows={3}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={`${id}-hint ${id}-problem`}
          aria-invalid={problem ? true : undefined}
        />
        <p id={`${id}-hint`} className="wb-admin__hint">
          {t('admin.reports.receiversHint')}
        </p>
        <p id={`${id}-problem`} className="wb-field__error" role="alert">
          {problem}
        </p>
      </div>
      <dl className="wb-admin-report__facts">
        <dt>{t('admin.reports.nextRun')}</dt>
        <dd data-testid={`next-run-${report.kind}`}>
          {report.nextRunAt && report.nextPeriod
            ? t('admin.reports.nextRunAt', {
                time: when(report.nextRunAt),
                zone: timeZone,
                from: report.nextPeriod.from,
                to: report.nextPeriod.to,
              })
            : t('admin.reports.off')}
        </dd>
        <dt>{t('admin.reports.lastSent')}</dt>
        <dd>{when(report.lastSentAt) ?? t('admin.reports.never')}</dd>
      </dl>
      <div className="wb-admin__actions">
        <button
          type="button"
          className="wb-button wb-button--primary"
          onClick={save}
          disabled={update.isPending || !dirty}
        >
          {update.isPending && <Spinner size="sm" />}
          {update.isPending ? t('admin.common.saving') : t('admin.common.save')}
        </button>
        <button
          type="button"
          className="wb-button"
          onClick={send}
          disabled={sendNow.isPending || dirty}
          aria-describedby={dirty ? `${id}-save-first` : undefined}
        >
          {sendNow.isPending && <Spinner size="sm" />}
          {t('admin.reports.sendNow')}
        </button>
      </div>
      {dirty && (
        <p id={`${id}-save-first`} className="wb-admin__hint">
          {t('admin.reports.saveFirst')}
        </p>
      )}
      <p
        className={outcome?.ok === false ? 'wb-field__error' : 'wb-admin__hint'}
        role="status"
        data-testid={`report-outcome-${report.kind}`}
      >
        {outcome?.text}
      </p>
    </section>
  );
}
