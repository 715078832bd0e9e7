import { Controller } from 'react-hook-form';
import type { Control, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RECEIVER_NAME_MAX } from '@wattboard/contract';
import type { ReceiverForm } from '../model/receiver-form';

interface ReceiverRowFieldsProps {
  index: number;
  editing: boolean;
  control: Control<ReceiverForm>;
  register: UseFormRegister<ReceiverForm>;
  /** A locale key for the row's e-mail problem, if any. */
  emailError: string | undefined;
  /** A locale key for the row's name problem, if any. */
  nameError?: string | undefined;
  onDelete: () => void;
}

/** One receiver: status toggle, name, e-mail and Delete; read-only outside edit mode. */
export function ReceiverRowFields(props: ReceiverRowFieldsProps) {
  const { index, editing, control, register, emailError, nameError, onDelete } = props;
  const { t } = useTranslation();
  const number = index + 1;
  const errorId = `receiver-${index}-email-error`;
  const nameErrorId = `receiver-${index}-name-error`;
  return (
    <li className="wb-receiver" data-testid="receiver-row">
      <Controller
        control={control}
        name={`receivers.${index}.status`}
        render={({ field }) => (
          <input
            type="checkbox"
            role="switch"
            className="wb-switch"
            aria-label={t('alarmNotice.statusLabel', { number })}
            checked={field.value === 'on'}
            disabled={!editing}
            onChange={(event) => field.onChange(event.target.checked ? 'on' : 'off')}
            onBlur={field.onBlur}
            ref={field.ref}
          />
        )}
      />
      <div className="wb-receiver__name">
        <input
          className="wb-input"
          placeholder={t('alarmNotice.namePlaceholder')}
          aria-label={t('alarmNotice.nameLabel', { number })}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? nameErrorId : undefined}
          autoComplete="off"
          maxLength={RECEIVER_NAME_MAX}
          readOnly={!editing}
          {...register(`receivers.${index}.receiverName`)}
        />
        {nameError && (
          <p id={nameErrorId} className="wb-field__error" role="alert">
            {t(nameError, { max: RECEIVER_NAME_MAX })}
          </p>
        )}
      </div>
      <div className="wb-receiver__email">
        <input
          className="wb-input"
          type="email"
          inputMode="email"
          placeholder={t('alarmNotice.emailPlaceholder')}
          aria-label={t('alarmNotice.emailLabel', { number })}
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? errorId : undefined}
          autoComplete="off"
          readOnly={!editing}
          {...register(`receivers.${index}.email`)}
        />
        {emailError && (
          <p id={errorId} className="wb-field__error" role="alert">
            {t(emailError)}
          </p>
        )}
      </div>
      <button
        type="button"
        className="wb-button wb-button--secondary wb-receiver__delete"
        aria-label={t('alarmNotice.deleteLabel', { number })}
        disabled={!editing}
        onClick={onDelete}
      >
        {t('alarmNotice.delete')}
      </button>
    </li>
  );
}
