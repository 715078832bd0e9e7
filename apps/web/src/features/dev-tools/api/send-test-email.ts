import { mutationOptions, useMutation } from '@tanstack/react-query';
import { testEmail } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';

/** The console text for this failure (the test screen only logs it). */
export const SEND_TEST_EMAIL_FAILED = 'Send test email failed';

/** POST /API/v1/TestEmail/send-test (dev tools only): one test mail per receiver whose status is on. */
export function sendTestEmail() {
  return callApi(testEmail, {});
}

export function sendTestEmailOptions() {
  return mutationOptions({
    mutationKey: ['dev-tools', 'test-email'],
    mutationFn: sendTestEmail,
    onError: (error) => console.error(SEND_TEST_EMAIL_FAILED, error),
  });
}

export function useSendTestEmail() {
  return useMutation(sendTestEmailOptions());
}
