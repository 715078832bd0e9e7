import { useState } from 'react';
import type { AdminJob } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { useAdminJobs } from '../api/job-list';
import { jobPercent, jobToShow } from '../model/jobs';

/**
 * The background recomputation of rollups (a time-zone change, a virtual
 * node's new members, a point's recompute over days): its progress while it runs, and how it ended when
 * that happened while this page was open.
 */
export function JobProgress({ kinds }: { kinds?: readonly AdminJob['kind'][] }) {
  const { t } = useTranslation();
  const jobs = useAdminJobs();
  const [openedAt] = useState(() => Date.now());
  const job = jobs.data ? jobToShow(jobs.data, openedAt, kinds) : null;
  if (!job) return null;
  const percent = jobPercent(job);
  const what = t(`admin.jobs.kind.${job.kind}`);
  return (
    <div className="wb-admin-job" role="status" data-testid="admin-job">
      {job.state === 'running' ? (
        <>
          <span>
            {t('admin.jobs.running', { what, done: job.done, total: job.total, percent })}
          </span>
          <progress max={100} value={percent} aria-label={what} />
        </>
      ) : job.state === 'done' ? (
        <span>{t('admin.jobs.done', { what })}</span>
      ) : (
        <span className="wb-field__error">
          {/* A point's recompute is restarted from its dialog, the others by saving again. */}
          {t(job.kind === 'recompute' ? 'admin.jobs.failedRecompute' : 'admin.jobs.failed', {
            what,
            error: job.error ?? '',
          })}
        </span>
      )}
    </div>
  );
}
