import { useState } from 'react';
import { LogOut, Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConnectionStatus } from '@/components/ConnectionStatus';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { displayUsername } from '@/lib/display-name';
import { useSession } from '@/lib/hooks/use-session';
import { useHubState } from '@/lib/hub';
import { useSignOut } from '@/features/auth/api/sign-out';
import { accountSinceDate } from './account-since';
import { SettingsDialog } from '@/features/settings/components/SettingsDialog';
import { indicatorState } from './connection-indicator';

/** The user panel: username, member grade, account start, connection, settings, language, Log out. */
export function UserPanel() {
  const { t } = useTranslation();
  const session = useSession();
  const signOut = useSignOut();
  const hubState = useHubState();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const name = displayUsername(session?.username, session?.email) ?? t('user.defaultName');

  return (
    <section className="wb-user" aria-label={t('user.panelLabel')}>
      <div className="wb-user__identity">
        <span className="wb-user__avatar" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
        <div className="wb-user__names">
          <span className="wb-user__name" data-testid="user-name">
            {name}
          </span>
          <span className="wb-user__grade">{t('user.memberGrade')}</span>
        </div>
      </div>
      <p className="wb-user__since">{t('user.accountStart', { date: accountSinceDate() })}</p>
      <ConnectionStatus state={indicatorState(hubState)} />
      <div className="wb-user__row">
        <button
          type="button"
          className="wb-icon-button"
          aria-label={t('user.settings')}
          title={t('user.settings')}
          aria-haspopup="dialog"
          onClick={() => setSettingsOpen(true)}
        >
          <Settings size={18} aria-hidden="true" />
        </button>
        <LanguageSwitch />
      </div>
      <button
        type="button"
        className="wb-button wb-button--secondary wb-user__logout"
        disabled={signOut.isPending}
        onClick={() => signOut.mutate()}
      >
        <LogOut size={16} aria-hidden="true" />
        {t('user.logout')}
      </button>
      <SettingsDialog
        open={settingsOpen}
        onClose={() => setSettingsOpen(false)}
        userName={name}
        userEmail={session?.email ?? ''}
      />
    </section>
  );
}
