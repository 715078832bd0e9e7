import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminAnnouncementEnd } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { latestAnnouncementKey } from '@/lib/queries/announcement-keys';
import { adminAnnouncementsKeyRoot } from './announcement-list';
import { readAgain } from '@/lib/read-again';

export function endAnnouncement(announcementId: number) {
  return callApi(adminAnnouncementEnd, { announcementId });
}

/** POST /v1/Admin/Announcement/End: an active one ends now, a scheduled one is cancelled. */
export function useEndAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminAnnouncementsKeyRoot, 'end'],
    mutationFn: endAnnouncement,
    retry: false,
    onSuccess: () =>
      Promise.all([
        readAgain(queryClient, adminAnnouncementsKeyRoot),
        readAgain(queryClient, latestAnnouncementKey),
      ]),
  });
}
