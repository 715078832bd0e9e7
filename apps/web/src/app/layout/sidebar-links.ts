import { isAdministrator } from '@/lib/admin-access';

export type SidebarLinkKey = 'overview' | 'monitoringPoint' | 'control' | 'report' | 'admin';

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

function withQuery(path: string, query: Record<string, string | number>, isDev: boolean): string {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]) => [key, String(value)]),
  );
  if (isDev) search.set('is_dev', '1');
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The sidebar's links with the query parameters of spec §2. */
export function buildSidebarLinks({
  today,
  firstChannelId,
  isDev,
  username,
}: SidebarLinkInput): SidebarLink[] {
  const deviceId = firstChannelId ?? 0;
  const links: SidebarLink[] = [
    { key: 'overview', to: withQuery('/dashboard/overview', {}, isDev) },
    {
      key: 'monitoringPoint',
      to: withQuery(
        '/dashboard/monitoring-point',
        { deviceId, startDate: today, endDate: today, resolution: 5 },
        isDev,
      ),
    },
    { key: 'control', to: withQuery('/dashboard/control', {}, isDev) },
    {
      key: 'report',
      to: withQuery('/dashboard/report', { deviceId, startDate: today, endDate: today }, isDev),
    },
  ];
  // The admin link never carries is_dev (spec §2: "every link except admin").
  // Only the administrator sees the admin entry (spec §6; the rule lives in lib/admin-access).
  if (isAdministrator(username)) links.push({ key: 'admin', to: '/dashboard/admin' });
  return links;
}
