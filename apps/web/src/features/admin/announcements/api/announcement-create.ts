import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminAnnouncementCreate } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { latestAnnouncementKey } from '@/lib/queries/announcement-keys';
import type { AnnouncementFormValues } from '@/lib/announcement-form';
import { adminAnnouncementsKeyRoot } from './announcement-list';
import { readAgain } from '@/lib/read-again';

export function createAnnouncement(values: AnnouncementFormValues) {
  return callApi(adminAnnouncementCreate, values);
}

/** POST /v1/Admin/Announcement/Create: title and content required, end after start; broadcast when already active. */
export function useCreateAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminAnnouncementsKeyRoot, 'create'],
    mutationFn: createAnnouncement,
    retry: false,
    onSuccess: () =>
      Promise.all([
        readAgain(queryClient, adminAnnouncementsKeyRoot),
        readAgain(queryClient, latestAnnouncementKey),
      ]),
  });
}
