import { useEffect, useRef, useState } from 'react';
import { useHubConnection } from '@/lib/hub';
import { keepLatest, LOG_LINE_LIMIT, RAW_EVENT_LIMIT, toRawEvent } from '../model/feed';
import type { LogLine, RawEvent } from '../model/feed';

/**
 * What the test screen shows of the raw connection while it is open: the
 * latest server events (every name, before any parsing) and log lines.
 */
export function useHubFeed(): { events: RawEvent[]; lines: LogLine[] } {
  const { onAnyEvent, onLog } = useHubConnection();
  const [events, setEvents] = useState<RawEvent[]>([]);
  const [lines, setLines] = useState<LogLine[]>([]);
  const nextSeq = useRef(0);

  useEffect(
    () =>
      onAnyEvent((name, payload) => {
        nextSeq.current += 1;
        const event = toRawEvent(nextSeq.current, name, payload, new Date());
        setEvents((list) => keepLatest(list, event, RAW_EVENT_LIMIT));
      }),
    [onAnyEvent],
  );

  useEffect(
    () =>
      onLog((text) => {
        nextSeq.current += 1;
        const line = { seq: nextSeq.current, text };
        setLines((list) => keepLatest(list, line, LOG_LINE_LIMIT));
      }),
    [onLog],
  );

  return { events, lines };
}
