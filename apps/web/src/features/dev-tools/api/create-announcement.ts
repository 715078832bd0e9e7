import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { announcementCreate } from '@wattboard/contract';
import type { announcementForm } from '@wattboard/contract';
import type { z } from 'zod';
import { callApi } from '@/lib/api-client';
import { latestAnnouncementKey } from '@/lib/queries/announcement-keys';

/** The console text for this failure (the test screen only logs it). */
export const CREATE_ANNOUNCEMENT_FAILED = 'Error creating announcement';

/** The form's values once the contract's form schema has checked them. */
export type NewAnnouncement = z.output<typeof announcementForm>;

/** POST /v1/Web/Announcement/Create; callApi checks the request against the contract again. */
export function createAnnouncement(announcement: NewAnnouncement) {
  return callApi(announcementCreate, {
    title: announcement.title,
    content: announcement.content,
    isImportant: announcement.isImportant,
    dtStart: announcement.dtStart,
    dtEnd: announcement.dtEnd,
  });
}

export function createAnnouncementOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['dev-tools', 'create-announcement'],
    mutationFn: createAnnouncement,
    onSuccess: () => {
      // The banner shows the newest announcement: ask now instead of at its 5-minute poll
      // (not awaited, so the form is free again before the banner has answered).
      void queryClient.invalidateQueries({ queryKey: latestAnnouncementKey });
    },
    onError: (error) => console.error(CREATE_ANNOUNCEMENT_FAILED, error),
  });
}

export function useCreateAnnouncement() {
  return useMutation(createAnnouncementOptions(useQueryClient()));
}
