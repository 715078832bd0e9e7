import type { AdminSection } from '../model/sections';
import { AlarmEventsSection } from './alarms/AlarmEventsSection';
import { AnnouncementsSection } from './announcements/AnnouncementsSection';
import { AuditSection } from './audit/AuditSection';
import { MailSection } from './mail/MailSection';
import { DemandSection } from './demand/DemandSection';
import { FactorySection } from './factory/FactorySection';
import { GatewaysSection } from './gateways/GatewaysSection';
import { PointsSection } from './points/PointsSection';
import { TariffSection } from './tariff/TariffSection';
import { ScheduledReportsSection } from './reports/ScheduledReportsSection';
import { UsersSection } from './users/UsersSection';

/** The content of one Admin section. */
export function AdminSectionView({ section }: { section: AdminSection }) {
  switch (section) {
    case 'users':
      return <UsersSection />;
    case 'points':
      return <PointsSection />;
    case 'gateways':
      return <GatewaysSection />;
    case 'factory':
      return <FactorySection />;
    case 'tariff':
      return <TariffSection />;
    case 'demand':
      return <DemandSection />;
    case 'announcements':
      return <AnnouncementsSection />;
    case 'alarms':
      return <AlarmEventsSection />;
    case 'reports':
      return <ScheduledReportsSection />;
    case 'mail':
      return <MailSection />;
    case 'audit':
      return <AuditSection />;
  }
}
