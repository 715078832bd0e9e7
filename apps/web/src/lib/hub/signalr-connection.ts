import { HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { HUB_PATH, RECONNECT_DELAYS_MS } from '@wattboard/contract';
import { currentApiBase } from '../api-base';
import { readSession } from '../session';
import type { HubConnectionLike } from './types';

/**
 * The real connection: {api}/notificationHub, negotiated, without
 * credentials (cookies), with the stored bearer token when present; it is read
 * on every negotiate, so a reconnect always uses the current token. Lost
 * connections retry after 0, 2000, 10000 and 30000 ms, then give up.
 */
export function createSignalRConnection(): HubConnectionLike {
  return (
    new HubConnectionBuilder()
      .withUrl(`${currentApiBase()}${HUB_PATH}`, {
        accessTokenFactory: () => readSession()?.token ?? '',
        withCredentials: false,
      })
      .withAutomaticReconnect([...RECONNECT_DELAYS_MS])
      // The client's own chatter stays quiet; our log reports what matters.
      .configureLogging(LogLevel.Warning)
      .build()
  );
}
