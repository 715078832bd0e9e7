import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RoleFieldset, RoleNote } from '@/components/RoleNote';
import { Tabs } from '@/components/Tabs';
import { usePermission } from '@/lib/hooks/use-permission';
import type { ChannelScheduleData } from '../api/channel-schedule';
import { useScheduleUpdate } from '../api/schedule-update';
import { draftFromSchedule, sameDraft, scheduleChanges } from '../model/schedule-draft';
import type { ScheduleDraft } from '../model/schedule-draft';
import { validateDraft } from '../model/schedule-validation';
import { AutoWeekEditor } from './AutoWeekEditor';
import { TimerWeekEditor } from './TimerWeekEditor';

interface ScheduleFormProps {
  channelScheduleId: number;
  data: ChannelScheduleData;
  onDirtyChange: (dirty: boolean) => void;
  onCancel: () => void;
  onSaved: () => void;
}

/**
 * The Timer and Auto weeks of one channel with Save and Cancel; saves only what
 * changed. A role that may not edit timers sees the weeks read-only and why.
 */
export function ScheduleForm({
  channelScheduleId,
  data,
  onDirtyChange,
  onCancel,
  onSaved,
}: ScheduleFormProps) {
  const { t } = useTranslation();
  const saved = useMemo(() => draftFromSchedule(data.schedule), [data.schedule]);
  const [draft, setDraft] = useState<ScheduleDraft>(saved);
  const [attempted, setAttempted] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const update = useScheduleUpdate('schedule');
  const editTimers = usePermission('operate', 'editTimers');
  const noteId = useId();
  // Held back: the grids paint nothing, the day tools are disabled (RoleFieldset), Save too.
  const edit = editTimers.allowed ? setDraft : () => {};
  const readOnly = !editTimers.allowed;
  const dirty = !sameDraft(draft, saved);
  const problems = useMemo(() => validateDraft(draft), [draft]);

  // A refetch (a push from another browser) replaces the draft only when nothing is being
  // edited and no save of ours is under way or failed: its optimistic write and rollback
  // must never replace what the person painted.
  const lastSaved = useRef(saved);
  const quiet = update.status === 'idle' || update.status === 'success';
  useEffect(() => {
    if (lastSaved.current === saved) return;
    const wasClean = sameDraft(draft, lastSaved.current);
    lastSaved.current = saved;
    if (wasClean && quiet) setDraft(saved);
  }, [saved, draft, quiet]);

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  // After a refused save: to the first marked field, or to the summary when it is on the other tab.
  useEffect(() => {
    if (attempted === 0) return;
    const field = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (field ?? summaryRef.current)?.focus();
  }, [attempted]);

  const save = () => {
    if (readOnly) return;
    if (problems.length > 0) {
      setAttempted((n) => n + 1);
      return;
    }
    const changes = scheduleChanges(draft, saved);
    if (!changes) {
      onSaved();
      return;
    }
    update.mutate({ channelScheduleId, scheduleUpdate: changes }, { onSuccess: onSaved });
  };

  return (
    <form
      ref={formRef}
      className="wb-ctl-editor"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      {data.schedule.offline && <p className="wb-ctl-warning">{t('control.schedule.offline')}</p>}
      <RoleNote id={noteId} reason={editTimers.reason} />
      <Tabs
        label={t('control.schedule.tabs')}
        tabs={[
          {
            id: 'timer',
            label: t('control.schedule.timerTab'),
            panel: (
              <RoleFieldset disabled={readOnly}>
                <TimerWeekEditor
                  week={draft.timer}
                  onChange={(timer) => edit((d) => ({ ...d, timer }))}
                />
              </RoleFieldset>
            ),
          },
          {
            id: 'auto',
            label: t('control.schedule.autoTab'),
            panel: (
              <RoleFieldset disabled={readOnly}>
                <AutoWeekEditor
                  auto={draft.auto}
                  timer={draft.timer}
                  problems={problems}
                  onChange={(auto) => edit((d) => ({ ...d, auto }))}
                />
              </RoleFieldset>
            ),
          },
        ]}
      />
      {attempted > 0 && problems.length > 0 && (
        <p ref={summaryRef} tabIndex={-1} className="wb-field__error" role="alert">
          {t('control.validation.summary')}
        </p>
      )}
      <div className="wb-ctl-editor__actions">
        {dirty && <span className="wb-ctl-note">{t('control.schedule.unsaved')}</span>}
        <button type="button" className="wb-button wb-button--secondary" onClick={onCancel}>
          {t('control.schedule.cancel')}
        </button>
        <button
          type="submit"
          className="wb-button wb-button--primary"
          disabled={update.isPending || readOnly}
          aria-describedby={readOnly ? noteId : undefined}
        >
          {update.isPending ? t('control.schedule.saving') : t('control.schedule.save')}
        </button>
      </div>
    </form>
  );
}
