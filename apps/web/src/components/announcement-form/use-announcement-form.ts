import { zodResolver } from '@hookform/resolvers/zod';
import { announcementForm } from '@wattboard/contract';
import type { AnnouncementForm } from '@wattboard/contract';
import { useForm } from 'react-hook-form';
import type { UseFormReturn } from 'react-hook-form';
import type { AnnouncementFormValues } from '@/lib/announcement-form';

export type AnnouncementFormApi = UseFormReturn<AnnouncementForm, unknown, AnnouncementFormValues>;

/** The announcement form's state, checked against the contract's form schema. */
export function useAnnouncementForm(defaultValues: AnnouncementFormValues): AnnouncementFormApi {
  return useForm<AnnouncementForm, unknown, AnnouncementFormValues>({
    resolver: zodResolver(announcementForm),
    defaultValues,
  });
}
