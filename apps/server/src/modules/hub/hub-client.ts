import { WebSocket, type RawData } from 'ws';
import { CLOSE_REASONS, expiryTimerMs } from './close-order.ts';
import { answerHandshake } from './handshake.ts';
import {
  MAX_MESSAGE_BYTES,
  PING_RECORD,
  closeRecord,
  completionRecord,
  parseClientMessage,
  splitRecords,
  type ClientMessage,
} from './protocol.ts';

export interface HubClientIdentity {
  connectionId: string;
  userId: number;
  factoryId: number;
  /** SHA-256 of the session token the socket was opened with (sign-out closes by it). */
  tokenHash: string;
  /** Epoch ms when that session expires: the socket is closed then. */
  sessionExpiresAt: number;
}

export interface HubTimings {
  /** Send a ping after this long without sending anything (15 s). */
  keepAliveMs: number;
  /** Drop a client that sent nothing for this long (30 s). */
  clientTimeoutMs: number;
  /** The handshake must arrive within this long of the upgrade (15 s). */
  handshakeTimeoutMs: number;
}

export interface HubClientHandlers {
  /** The handshake succeeded: join the groups, push the initial data. */
  opened(client: HubClient): void;
  /** A hub method call; resolves to the completion's error text, or undefined for a void result. */
  invoke(client: HubClient, target: string, args: readonly unknown[]): Promise<string | undefined>;
  /** The socket is gone (whether or not the handshake happened). */
  closed(client: HubClient): void;
  debug(details: Record<string, unknown>, message: string): void;
  /** The clock the session-expiry timer reads. */
  now(): number;
}

/** A client reading slower than we write is dropped past this backlog; it reconnects and catches up. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** After our close frame, wait this long for the client's before cutting the socket. */
const CLOSE_GRACE_MS = 1000;

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8');
}

/** One hub connection: a WebSocket speaking the SignalR JSON protocol. */
export class HubClient {
  readonly connectionId: string;
  readonly userId: number;
  readonly factoryId: number;
  readonly tokenHash: string;
  readonly sessionExpiresAt: number;
  /** Nodes this connection gets DeviceReading for. */
  readonly subscriptions = new Set<number>();
  readonly #socket: WebSocket;
  readonly #timings: HubTimings;
  readonly #handlers: HubClientHandlers;
  #handshaken = false;
  #closing = false;
  #pending = '';
  #silenceTimer: NodeJS.Timeout;
  #pingTimer: NodeJS.Timeout | undefined;
  #expiryTimer: NodeJS.Timeout | undefined;
  readonly #closed: Promise<void>;
  #markClosed: () => void = () => {};

  constructor(
    socket: WebSocket,
    identity: HubClientIdentity,
    timings: HubTimings,
    handlers: HubClientHandlers,
  ) {
    this.connectionId = identity.connectionId;
    this.userId = identity.userId;
    this.factoryId = identity.factoryId;
    this.tokenHash = identity.tokenHash;
    this.sessionExpiresAt = identity.sessionExpiresAt;
    this.#socket = socket;
    this.#timings = timings;
    this.#handlers = handlers;
    this.#closed = new Promise((resolve) => {
      this.#markClosed = resolve;
    });
    // Until the handshake this is the handshake deadline; afterwards the client-silence limit.
    this.#silenceTimer = setTimeout(() => this.#dropSilent(), timings.handshakeTimeoutMs).unref();
    socket.on('message', (data) => this.#receive(data));
    socket.on('error', (err) => this.#debug({ err }, 'hub socket error'));
    socket.on('close', () => this.#finished());
    this.#armExpiry();
  }

  /**
   * A timer per connection, at the session's expiry (cheaper than a check
   * before every push). The session is 7 days, within setTimeout's range; a
   * longer one re-arms when the timer fires early.
   */
  #armExpiry(): void {
    const delay = expiryTimerMs(this.sessionExpiresAt, this.#handlers.now());
    this.#expiryTimer = setTimeout(() => {
      if (this.#handlers.now() < this.sessionExpiresAt) return this.#armExpiry();
      this.#debug({}, 'hub session expired; closed');
      this.close({ error: CLOSE_REASONS.expired, allowReconnect: false });
    }, delay).unref();
  }

  /** Handshake done and not closing: events may be sent. */
  get isOpen(): boolean {
    return this.#handshaken && !this.#closing;
  }

  /** Resolves once the socket has closed. */
  whenClosed(): Promise<void> {
    return this.#closed;
  }

  /** Sends one frame of records (an event with its aliases, a completion, a ping). */
  send(frame: string): void {
    if (!this.isOpen || this.#socket.readyState !== WebSocket.OPEN) return;
    if (this.#socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.#debug({ buffered: this.#socket.bufferedAmount }, 'hub client too slow; dropped');
      this.#socket.terminate();
      return;
    }
    this.#socket.send(frame);
    this.#pingTimer?.refresh();
  }

  /** Sends a Close message (after the handshake) and ends the socket. */
  close(options: { error?: string; allowReconnect?: boolean } = {}): void {
    if (this.#closing) return;
    if (this.#handshaken) this.send(closeRecord(options));
    this.#end();
  }

  #end(): void {
    this.#closing = true;
    if (this.#socket.readyState === WebSocket.CLOSED) return;
    this.#socket.close(1000);
    setTimeout(() => this.#socket.terminate(), CLOSE_GRACE_MS).unref();
  }

  #debug(details: Record<string, unknown>, message: string): void {
    this.#handlers.debug({ connectionId: this.connectionId, ...details }, message);
  }

  #receive(data: RawData): void {
    if (this.#closing) return;
    if (this.#handshaken) this.#silenceTimer.refresh();
    const { records, rest } = splitRecords(this.#pending, rawText(data));
    if (Buffer.byteLength(rest) > MAX_MESSAGE_BYTES) {
      this.#debug({ bytes: Buffer.byteLength(rest) }, 'hub message too large');
      this.close({ error: 'The message is larger than 32 KB.' });
      return;
    }
    this.#pending = rest;
    for (const record of records) {
      if (this.#closing) return;
      if (this.#handshaken) this.#handle(parseClientMessage(record));
      else this.#handshake(record);
    }
  }

  #handshake(record: string): void {
    const answer = answerHandshake(record);
    this.#socket.send(answer.reply);
    if (!answer.accepted) {
      this.#debug({ reason: answer.error }, 'hub handshake refused');
      this.#end();
      return;
    }
    this.#handshaken = true;
    clearTimeout(this.#silenceTimer);
    this.#silenceTimer = setTimeout(
      () => this.#dropSilent(),
      this.#timings.clientTimeoutMs,
    ).unref();
    this.#pingTimer = setTimeout(() => this.send(PING_RECORD), this.#timings.keepAliveMs).unref();
    this.#handlers.opened(this);
  }

  #handle(message: ClientMessage): void {
    switch (message.kind) {
      case 'invocation':
        void this.#invoke(message.invocationId, message.target, message.args);
        return;
      case 'stream-invocation':
        this.send(
          completionRecord(message.invocationId, 'Streaming is not supported by this server.'),
        );
        return;
      case 'close':
        this.#end();
        return;
      case 'invalid':
        this.#debug({ reason: message.reason }, 'invalid hub message ignored');
        if (message.invocationId !== undefined) {
          this.send(
            completionRecord(message.invocationId, `Invalid invocation: ${message.reason}.`),
          );
        }
        return;
      case 'ping':
      case 'ignored':
        return;
    }
  }

  async #invoke(invocationId: string | undefined, target: string, args: unknown[]): Promise<void> {
    let error: string | undefined;
    try {
      error = await this.#handlers.invoke(this, target, args);
    } catch (err) {
      this.#debug({ err, target }, 'hub method failed');
      error = `An unexpected error occurred invoking '${target}' on the server.`;
    }
    // A send() (no invocationId) runs the method but is never answered.
    if (invocationId !== undefined) this.send(completionRecord(invocationId, error));
  }

  #dropSilent(): void {
    this.#debug({ handshaken: this.#handshaken }, 'hub client silent too long; dropped');
    this.close({
      error: 'The client sent nothing within the timeout.',
      allowReconnect: true,
    });
  }

  #finished(): void {
    this.#closing = true;
    clearTimeout(this.#silenceTimer);
    clearTimeout(this.#pingTimer);
    clearTimeout(this.#expiryTimer);
    this.#handlers.closed(this);
    this.#markClosed();
  }
}
