import { Suspense, lazy } from 'react';
import { LoadingState } from '@/components/QueryStates';
import type { AdminSection } from '../model/sections';
import { AlarmEventsSection } from '../alarms/components/AlarmEventsSection';
import { AnnouncementsSection } from '../announcements/components/AnnouncementsSection';
import { AuditSection } from '../audit/components/AuditSection';
import { BillingPointsSection } from '../billing/components/BillingPointsSection';
import { BillsSection } from '../bills/components/BillsSection';
import { MailSection } from '../mail/components/MailSection';
import { WebhooksSection } from '../webhooks/components/WebhooksSection';
import { DemandSection } from '../demand/components/DemandSection';
import { FactorySection } from '../factory/components/FactorySection';
import { GatewaysSection } from '../gateways/components/GatewaysSection';
import { PointsSection } from '../points/components/PointsSection';
import { TariffSection } from '../tariff/components/TariffSection';
import { ScheduledReportsSection } from '../reports/components/ScheduledReportsSection';
import { UsersSection } from '../users/components/UsersSection';

// Import holds the file chunker and its forms, used by few and rarely: its own chunk.
const HistoryImportSection = lazy(async () => ({
  default: (await import('../history-import/components/HistoryImportSection')).HistoryImportSection,
}));

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
    case 'billing':
      return <BillingPointsSection />;
    case 'bills':
      return <BillsSection />;
    case 'import':
      return (
        <Suspense fallback={<LoadingState />}>
          <HistoryImportSection />
        </Suspense>
      );
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
    case 'webhooks':
      return <WebhooksSection />;
    case 'audit':
      return <AuditSection />;
  }
}
