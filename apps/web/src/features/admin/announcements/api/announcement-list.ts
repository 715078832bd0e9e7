import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminAnnouncementList } from '@wattboard/contract';
import type { AnnouncementState } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { ADMIN_KEY, retryAdmin } from '@/features/admin/shared/api/query-policy';

export const adminAnnouncementsKeyRoot = [ADMIN_KEY, 'announcements'] as const;

export async function fetchAdminAnnouncements(state: AnnouncementState | undefined) {
  const response = await callApi(adminAnnouncementList, state ? { state } : {});
  return response.announcements;
}

export function adminAnnouncementsQueryOptions(
  email: string,
  state: AnnouncementState | undefined,
) {
  return queryOptions({
    queryKey: [...adminAnnouncementsKeyRoot, { email, state: state ?? 'all' }] as const,
    queryFn: () => fetchAdminAnnouncements(state),
    retry: retryAdmin,
  });
}

/** POST /v1/Admin/Announcement/List: the factory's and the platform's, newest start first. */
export function useAdminAnnouncements(state: AnnouncementState | undefined) {
  const session = useSession();
  return useQuery(adminAnnouncementsQueryOptions(session?.email ?? '', state));
}
