import { useTranslation } from 'react-i18next';
import type { AlertReceivedPayload } from '@wattboard/contract';
import { useHubEvent } from '@/lib/hub';
import { alertTexts } from '../model/notification-display';

/**
 * A toast for every new alarm, titled in the current language. Only single
 * pushes are new alarms: list batches (the initial load, refreshes) never toast.
 */
export function AlertToasts() {
  const { i18n } = useTranslation();
  const show = (alert: AlertReceivedPayload) => {
    const title = alertTexts(alert, i18n.language).title;
    // The library is fetched with the first alarm, not with every page (issue #14).
    // The id keeps one alarm to one toast, should it be pushed twice.
    void import('react-toastify').then(({ toast }) =>
      toast.warn(title, { toastId: `alert-${alert.id}` }),
    );
  };
  useHubEvent('AlertReceived', show);
  useHubEvent('NotificationReceived', (payload) => {
    if (payload.type === 'Abnormal') show(payload);
  });
  return null;
}
