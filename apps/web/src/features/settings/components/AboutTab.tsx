import { useTranslation } from 'react-i18next';
import { dayLabel } from '@/lib/format';
import { ACCOUNT_START_DAY, WEB_VERSION } from '../constants';

interface AboutTabProps {
  userName: string;
  userEmail: string;
}

export function AboutTab({ userName, userEmail }: AboutTabProps) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('settings.about.webVersion'), WEB_VERSION],
    [t('settings.about.userName'), userName],
    [t('settings.about.userEmail'), userEmail],
    [t('settings.about.memberGrade'), t('settings.about.memberGradeValue')],
    [t('settings.about.accountStart'), dayLabel(ACCOUNT_START_DAY)],
  ];
  return (
    <dl className="wb-details">
      {rows.map(([label, value]) => (
        <div key={label} className="wb-details__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
