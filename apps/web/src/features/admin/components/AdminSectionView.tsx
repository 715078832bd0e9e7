import type { AdminSection } from '../model/sections';
import { AnnouncementsSection } from './announcements/AnnouncementsSection';
import { FactorySection } from './factory/FactorySection';
import { GatewaysSection } from './gateways/GatewaysSection';
import { PointsSection } from './points/PointsSection';
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
    case 'announcements':
      return <AnnouncementsSection />;
    default:
      return null;
  }
}
