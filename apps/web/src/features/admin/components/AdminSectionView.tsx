import type { AdminSection } from '../model/sections';
import { UsersSection } from './users/UsersSection';

/** The content of one Admin section. */
export function AdminSectionView({ section }: { section: AdminSection }) {
  switch (section) {
    case 'users':
      return <UsersSection />;
    default:
      return null;
  }
}
