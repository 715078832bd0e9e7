import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { channelDisplayName } from '@/lib/channel-names';
import { useChannelList } from '@/lib/queries/channel-list';
import type { SignalDraft, SwitchState } from '../model/schedule-draft';
import { problemsAt } from '../model/schedule-validation';
import type { DraftProblem } from '../model/schedule-validation';
import { FieldProblems } from './FieldProblems';

interface SignalFieldsProps {
  entry: SignalDraft;
  path: string;
  problems: readonly DraftProblem[];
  onChange: (entry: SignalDraft) => void;
}

const SWITCH_STATES: SwitchState[] = ['on', 'off'];

/** A signal day: the detect node (from the channel list), both water marks in kW and their actions. */
export function SignalFields({ entry, path, problems, onChange }: SignalFieldsProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const nodes = useChannelList().data?.channelList ?? [];
  const at = (field: string) => problemsAt(problems, `${path}.${field}`);
  const invalid = (field: string) => (at(field).length > 0 ? true : undefined);

  const mark = (
    field: 'highWaterMark' | 'lowWaterMark',
    actionField: 'highAction' | 'lowAction',
  ) => (
    <div className="wb-ctl-mark">
      <div className="wb-field">
        <label className="wb-field__label" htmlFor={`${id}-${field}`}>
          {t(`control.schedule.${field}`)} ({t('control.schedule.unitKw')})
        </label>
        <span className="wb-ctl-unit-input">
          <input
            id={`${id}-${field}`}
            className="wb-input"
            inputMode="decimal"
            value={entry[field]}
            aria-invalid={invalid(field)}
            aria-describedby={at(field).length > 0 ? `${id}-${field}-problems` : undefined}
            onChange={(event) => onChange({ ...entry, [field]: event.target.value })}
          />
          <span aria-hidden="true">{t('control.schedule.unitKw')}</span>
        </span>
        <FieldProblems id={`${id}-${field}-problems`} problems={at(field)} />
      </div>
      <div className="wb-field">
        <label className="wb-field__label" htmlFor={`${id}-${actionField}`}>
          {t(`control.schedule.${actionField}`)}
        </label>
        <select
          id={`${id}-${actionField}`}
          className="wb-select"
          value={entry[actionField]}
          onChange={(event) =>
            onChange({ ...entry, [actionField]: event.target.value as SwitchState })
          }
        >
          {SWITCH_STATES.map((state) => (
            <option key={state} value={state}>
              {t(`control.schedule.switchTo.${state}`)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );

  return (
    <div className="wb-ctl-signal">
      <div className="wb-field">
        <label className="wb-field__label" htmlFor={`${id}-node`}>
          {t('control.schedule.detectNode')}
        </label>
        <select
          id={`${id}-node`}
          className="wb-select"
          value={entry.detectDeviceId}
          aria-invalid={invalid('detectDeviceId')}
          aria-describedby={at('detectDeviceId').length > 0 ? `${id}-node-problems` : undefined}
          onChange={(event) => onChange({ ...entry, detectDeviceId: Number(event.target.value) })}
        >
          <option value={0}>{t('control.schedule.chooseNode')}</option>
          {entry.detectDeviceId > 0 && !nodes.some((n) => n.id === entry.detectDeviceId) && (
            <option value={entry.detectDeviceId}>#{entry.detectDeviceId}</option>
          )}
          {nodes.map((node) => (
            <option key={node.id} value={node.id}>
              {channelDisplayName(node, i18n.language)}
            </option>
          ))}
        </select>
        <FieldProblems id={`${id}-node-problems`} problems={at('detectDeviceId')} />
      </div>
      <p className="wb-ctl-note">{t('control.schedule.detectType')}</p>
      {mark('highWaterMark', 'highAction')}
      {mark('lowWaterMark', 'lowAction')}
      <p className="wb-ctl-note">{t('control.schedule.between')}</p>
    </div>
  );
}
