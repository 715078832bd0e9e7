import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/Dialog';
import { Tabs } from '@/components/Tabs';
import { AboutTab } from './AboutTab';
import { AlarmNoticeTab } from './AlarmNoticeTab';
import { ChangePasswordForm } from './ChangePasswordForm';
import { SessionWatch } from './SessionWatch';

interface SettingsDialogProps {
  open: boolean;
  onClose: () => void;
  userName: string;
  userEmail: string;
}

/**
 * Spec §2: the settings dialog, titled Setting, with the About and Alarm
 * Notice tabs, plus Password ("change my password", issue #13). The dialog
 * stays mounted for the whole signed-in frame, so it also hosts the watch
 * that signs a revoked session out when the server closes its connection.
 */
export function SettingsDialog({ open, onClose, userName, userEmail }: SettingsDialogProps) {
  const { t } = useTranslation();
  return (
    <>
      <SessionWatch />
      <Dialog
        open={open}
        onClose={onClose}
        title={t('settings.title')}
        closeLabel={t('settings.close')}
      >
        <Tabs
          label={t('settings.title')}
          tabs={[
            {
              id: 'about',
              label: t('settings.tabs.about'),
              panel: <AboutTab userName={userName} userEmail={userEmail} />,
            },
            {
              id: 'alarm-notice',
              label: t('settings.tabs.alarmNotice'),
              panel: <AlarmNoticeTab />,
            },
            {
              id: 'password',
              label: t('admin.account.tab'),
              panel: <ChangePasswordForm />,
            },
          ]}
        />
      </Dialog>
    </>
  );
}
