import { toast } from 'react-toastify';
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
    // The id keeps one alarm to one toast, should it be pushed twice.
    toast.warn(alertTexts(alert, i18n.language).title, { toastId: `alert-${alert.id}` });
  };
  useHubEvent('AlertReceived', show);
  useHubEvent('NotificationReceived', (payload) => {
    if (payload.type === 'Abnormal') show(payload);
  });
  return null;
}
