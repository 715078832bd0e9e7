import type { AdminUser } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { MISSING } from '@/lib/format';
import { useFactoryTimeBase } from '@/lib/hooks/use-factory-time';
import { useSession } from '@/lib/hooks/use-session';
import { factoryDateTime } from '@/features/admin/shared/model/times';
import type { UserAction } from './UserActionDialog';
import { ResponsiveTable } from '@/components/ui/ResponsiveTable';

interface UsersTableProps {
  users: AdminUser[];
  onAction: (user: AdminUser, action: UserAction) => void;
}

/** Name, e-mail, role, last sign-in (factory clock), status and the row's actions. */
export function UsersTable({ users, onAction }: UsersTableProps) {
  const { t } = useTranslation();
  const zone = useFactoryTimeBase()?.zone ?? null;
  const me = useSession()?.email;
  return (
    <ResponsiveTable label={t('admin.users.title')}>
      <table className="wb-table wb-admin-table">
        <caption className="wb-visually-hidden">{t('admin.users.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.users.columns.name')}</th>
            <th scope="col">{t('admin.users.columns.email')}</th>
            <th scope="col">{t('admin.users.columns.role')}</th>
            <th scope="col">{t('admin.users.columns.lastSignIn')}</th>
            <th scope="col">{t('admin.users.columns.status')}</th>
            <th scope="col">{t('admin.common.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            // The server refuses disabling the Admin user or yourself; the page does not offer it.
            const protectedUser = user.isAdmin || user.email === me;
            return (
              <tr key={user.id} data-testid="admin-user-row">
                <th scope="row">{user.username}</th>
                <td>{user.email}</td>
                {/* The Admin user may do everything, whatever its stored role says. */}
                <td>{t(`roles.names.${user.isAdmin ? 'admin' : user.role}`)}</td>
                <td>{factoryDateTime(user.lastSignInAt, zone) ?? t('admin.users.never')}</td>
                <td>
                  <span className={`wb-admin-status wb-admin-status--${user.status}`}>
                    {t(`admin.users.status.${user.status}`)}
                  </span>
                  {user.mustChangePassword && (
                    <span className="wb-admin__hint"> {t('admin.users.mustChange')}</span>
                  )}
                </td>
                <td className="wb-admin-table__actions">
                  {!protectedUser &&
                    (user.status === 'active' ? (
                      <button
                        type="button"
                        className="wb-button wb-button--secondary"
                        onClick={() => onAction(user, 'disable')}
                      >
                        {t('admin.users.disable')}
                      </button>
                    ) : (
                      <button
                        type="button"
                        className="wb-button wb-button--secondary"
                        onClick={() => onAction(user, 'enable')}
                      >
                        {t('admin.users.enable')}
                      </button>
                    ))}
                  {!user.isAdmin && (
                    <button
                      type="button"
                      className="wb-button wb-button--secondary"
                      onClick={() => onAction(user, 'role')}
                    >
                      {t('admin.users.changeRole')}
                    </button>
                  )}
                  {user.email !== me && (
                    <button
                      type="button"
                      className="wb-button wb-button--secondary"
                      onClick={() => onAction(user, 'reset')}
                    >
                      {t('admin.users.resetPassword')}
                    </button>
                  )}
                  {protectedUser && user.email === me && MISSING}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ResponsiveTable>
  );
}
