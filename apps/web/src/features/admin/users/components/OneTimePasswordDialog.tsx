import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/Dialog';
import { CopyField } from '@/features/admin/shared/components/CopyField';

export interface IssuedPassword {
  username: string;
  password: string;
  /** A new user (an invitation mail went out) or a reset. */
  reason: 'added' | 'reset';
}

/**
 * The one-time password, shown this once (the server keeps only its hash).
 * Closing the dialog forgets it.
 */
export function OneTimePasswordDialog({
  issued,
  onClose,
}: {
  issued: IssuedPassword | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={issued !== null}
      title={t('admin.users.passwordTitle', { name: issued?.username ?? '' })}
      closeLabel={t('admin.common.close')}
      onClose={onClose}
    >
      {issued && (
        <>
          <CopyField label={t('admin.users.oneTimePassword')} value={issued.password} />
          <p>{t('admin.users.passwordOnce')}</p>
          {issued.reason === 'added' && <p>{t('admin.users.invitationSent')}</p>}
          <div className="wb-admin__actions">
            <button type="button" className="wb-button wb-button--primary" onClick={onClose}>
              {t('admin.common.done')}
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
