import { useMutation } from '@tanstack/react-query';
import { eventResolve } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';

/**
 * PUT /v1/Event/{id}/resolve (the id is coerced to a number).
 * On success the server pushes refreshed lists to every browser of the factory.
 */
export function resolveEvent(id: number) {
  return callApi(eventResolve, { id });
}

/** Clear Alarm. A failure is logged only, by the query client's shared handler. */
export function useResolveEvent() {
  return useMutation({
    mutationKey: ['event', 'resolve'],
    mutationFn: resolveEvent,
  });
}
