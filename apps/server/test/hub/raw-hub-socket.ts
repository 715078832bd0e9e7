import WebSocket from 'ws';
import { HUB_PATH } from '@wattboard/contract';

export const RS = '\u001e';

/** A hub socket driven by hand: what the server sends, record by record. */
export interface RawHubSocket {
  socket: WebSocket;
  /** Every record received, parsed (the handshake reply included). */
  records: Record<string, unknown>[];
  /** Resolves with the first record (received or to come) that matches. */
  next(where: (record: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<unknown>;
  /** Resolves with the close code when the socket closes. */
  closed: Promise<number>;
  send(text: string): void;
}

/** Negotiates, then opens the WebSocket with the bearer header, without a handshake. */
export async function openRawHubSocket(baseUrl: string, token: string): Promise<RawHubSocket> {
  const response = await fetch(`${baseUrl}${HUB_PATH}/negotiate?negotiateVersion=1`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  const { connectionToken } = (await response.json()) as { connectionToken: string };
  const url = `${baseUrl.replace('http', 'ws')}${HUB_PATH}?id=${connectionToken}`;
  const socket = new WebSocket(url, { headers: { authorization: `Bearer ${token}` } });
  const records: Record<string, unknown>[] = [];
  let waiters: { where: (r: Record<string, unknown>) => boolean; done: (r: unknown) => void }[] =
    [];
  socket.on('message', (data) => {
    for (const text of String(data).split(RS).filter(Boolean)) {
      const record = JSON.parse(text) as Record<string, unknown>;
      records.push(record);
      waiters = waiters.filter((waiter) => {
        if (!waiter.where(record)) return true;
        waiter.done(record);
        return false;
      });
    }
  });
  const closed = new Promise<number>((resolve) => socket.once('close', resolve));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return {
    socket,
    records,
    closed,
    send: (text) => socket.send(text),
    next(where, timeoutMs = 5000) {
      const seen = records.find(where);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no such record in time')), timeoutMs);
        waiters.push({
          where,
          done: (record) => {
            clearTimeout(timer);
            resolve(record);
          },
        });
      });
    },
  };
}

export const HANDSHAKE = `{"protocol":"json","version":1}${RS}`;
