import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/Dialog';
import { Tabs } from '@/components/Tabs';
import { AboutTab } from './AboutTab';
import { AlarmNoticeTab } from './AlarmNoticeTab';
import { ChangePasswordForm } from './ChangePasswordForm';

export interface SettingsDialogProps {
  open: boolean;
  onClose: () => void;
  userName: string;
  userEmail: string;
}

/**
 * The settings dialog, titled Setting, with the About and Alarm
 * Notice tabs, plus Password ("change my password", issue #13). Its own
 * chunk (SettingsDialog loads it when first opened): its forms bring
 * react-hook-form, which no page's first screen needs.
 */
export function SettingsPanel({ open, onClose, userName, userEmail }: SettingsDialogProps) {
  const { t } = useTranslation();
  return (
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
  );
}
