import type { ComponentProps } from 'react';
import { ROLES } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/FormField';

/** A user's role (viewer, operator, manager) with one line on what each may do. */
export function RoleField(props: Omit<ComponentProps<'select'>, 'id' | 'className' | 'children'>) {
  const { t } = useTranslation();
  return (
    <FormField
      label={t('admin.users.columns.role')}
      message={null}
      hint={t('admin.users.roleHint')}
    >
      {({ id, describedBy }) => (
        <select id={id} className="wb-select" aria-describedby={describedBy} {...props}>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`roles.names.${role}`)}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
