import { mutationOptions, useMutation } from '@tanstack/react-query';
import { testAlarm } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';

/** The console text for this failure (the test screen only logs it). */
export const TRIGGER_ALARM_FAILED = 'Trigger abnormal alert failed';

/** POST /api/test/alarm (dev tools only): opens a test abnormal event for the caller's factory. */
export function triggerTestAlarm() {
  return callApi(testAlarm, {});
}

export function triggerTestAlarmOptions() {
  return mutationOptions({
    mutationKey: ['dev-tools', 'test-alarm'],
    mutationFn: triggerTestAlarm,
    onError: (error) => console.error(TRIGGER_ALARM_FAILED, error),
  });
}

export function useTriggerTestAlarm() {
  return useMutation(triggerTestAlarmOptions());
}
