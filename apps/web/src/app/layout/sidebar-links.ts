import { isAdministrator } from '@/lib/admin-access';
import { inAppHref } from '@/lib/in-app-link';

export type SidebarLinkKey =
  'overview' | 'monitoringPoint' | 'control' | 'report' | 'waste' | 'admin';

export interface SidebarLink {
  key: SidebarLinkKey;
  to: string;
}

interface SidebarLinkInput {
  /** yyyy-MM-dd in the factory's zone. */
  today: string;
  /** The first channel of the channel list, if it has answered. */
  firstChannelId: number | undefined;
  isDev: boolean;
  username: string | null | undefined;
}

/** The sidebar's links with the query parameters each page reads. */
export function buildSidebarLinks({
  today,
  firstChannelId,
  isDev,
  username,
}: SidebarLinkInput): SidebarLink[] {
  const deviceId = firstChannelId ?? 0;
  const links: SidebarLink[] = [
    { key: 'overview', to: inAppHref('/dashboard/overview', {}, isDev) },
    {
      key: 'monitoringPoint',
      to: inAppHref(
        '/dashboard/monitoring-point',
        { deviceId, startDate: today, endDate: today, resolution: 5 },
        isDev,
      ),
    },
    { key: 'control', to: inAppHref('/dashboard/control', {}, isDev) },
    {
      key: 'report',
      to: inAppHref('/dashboard/report', { deviceId, startDate: today, endDate: today }, isDev),
    },
    // No dates: the waste page's default is the last complete week, not today (decision 0086).
    { key: 'waste', to: inAppHref('/dashboard/waste', {}, isDev) },
  ];
  // The admin link never carries is_dev (dev mode marks every link except admin).
  // Only the administrator sees the admin entry (the rule lives in lib/admin-access).
  if (isAdministrator(username)) links.push({ key: 'admin', to: '/dashboard/admin' });
  return links;
}
