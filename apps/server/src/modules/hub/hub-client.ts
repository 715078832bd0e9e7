import type { Duplex } from 'node:stream';
import { WebSocket, type RawData } from 'ws';
import { CLOSE_REASONS } from './close-order.ts';
import { textFrame } from './frame.ts';
import { answerHandshake } from './handshake.ts';
import type { Heartbeat, HeartbeatMember } from './heartbeat.ts';
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
}

/** What every connection of an instance shares (one object, not three fields per connection). */
export interface HubClientShared {
  timings: HubTimings;
  handlers: HubClientHandlers;
  /** Checks every connection's deadlines and keep-alive (heartbeat.ts). */
  heartbeat: Heartbeat<HubClient>;
}

/** A client reading slower than we write is dropped past this backlog; it reconnects and catches up. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** After our close frame, wait this long for the client's before cutting the socket. */
const CLOSE_GRACE_MS = 1000;
/** The keep-alive ping, framed once for every connection. */
const PING_FRAME = textFrame(PING_RECORD);

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8');
}

/**
 * One hub connection: a WebSocket speaking the SignalR JSON protocol. It holds
 * no timer of its own: the instance's heartbeat calls beat() every tick.
 */
export class HubClient implements HeartbeatMember {
  readonly connectionId: string;
  readonly userId: number;
  readonly factoryId: number;
  readonly tokenHash: string;
  readonly sessionExpiresAt: number;
  /** Nodes this connection gets DeviceReading for. */
  readonly subscriptions = new Set<number>();
  readonly #socket: WebSocket;
  /** The TCP socket under #socket: prebuilt frames (sendFrame) are written to it directly. */
  readonly #raw: Duplex;
  readonly #shared: HubClientShared;
  #handshaken = false;
  #closing = false;
  #ended = false;
  #pending = '';
  /** performance.now() of the upgrade, then of the client's last message after the handshake. */
  #heardAt = performance.now();
  /** The heartbeat's clock at our last send. */
  #sentAt = 0;
  #closedWaiters: (() => void)[] | undefined;

  constructor(
    socket: WebSocket,
    raw: Duplex,
    identity: HubClientIdentity,
    shared: HubClientShared,
  ) {
    this.connectionId = identity.connectionId;
    this.userId = identity.userId;
    this.factoryId = identity.factoryId;
    this.tokenHash = identity.tokenHash;
    this.sessionExpiresAt = identity.sessionExpiresAt;
    this.#socket = socket;
    this.#raw = raw;
    this.#shared = shared;
    socket.on('message', (data) => this.#receive(data));
    socket.on('error', (err) => this.#debug({ err }, 'hub socket error'));
    socket.on('close', () => this.#finished());
    shared.heartbeat.add(this);
  }

  /**
   * The heartbeat's tick: the handshake deadline (before it), the session's
   * expiry, the client's silence and our keep-alive ping. Checking the expiry
   * here is cheaper than before every push.
   */
  beat(now: number, wallNow: number): void {
    if (this.#closing) return;
    const { timings } = this.#shared;
    if (wallNow >= this.sessionExpiresAt) {
      this.#debug({}, 'hub session expired; closed');
      this.close({ error: CLOSE_REASONS.expired, allowReconnect: false });
    } else if (!this.#handshaken) {
      if (now - this.#heardAt >= timings.handshakeTimeoutMs) this.#dropSilent();
    } else if (now - this.#heardAt >= timings.clientTimeoutMs) {
      this.#dropSilent();
    } else if (now - this.#sentAt >= timings.keepAliveMs) {
      this.sendFrame(PING_FRAME);
    }
  }

  /** Handshake done and not closing: events may be sent. */
  get isOpen(): boolean {
    return this.#handshaken && !this.#closing;
  }

  /** Resolves once the socket has closed. */
  whenClosed(): Promise<void> {
    if (this.#ended) return Promise.resolve();
    // Made on demand (shutdown asks): a promise per connection at rest is memory for nothing.
    return new Promise((resolve) => (this.#closedWaiters ??= []).push(resolve));
  }

  /** Sends one frame of records (an event with its aliases, a completion). */
  send(records: string): void {
    if (this.#mayWrite()) this.#socket.send(records);
  }

  /**
   * Sends a frame built once for many connections (frame.ts): the same Buffer
   * goes to every socket in one write, with no per-socket encoding. Written
   * beside ws's own sends, which is safe because without permessage-deflate
   * ws writes each frame synchronously and never queues.
   */
  sendFrame(frame: Buffer): void {
    if (this.#mayWrite()) this.#raw.write(frame);
  }

  /** Ends the socket at once, without a Close message (the server is stopping). */
  terminate(): void {
    this.#socket.terminate();
  }

  #mayWrite(): boolean {
    if (!this.isOpen || this.#socket.readyState !== WebSocket.OPEN) return false;
    if (this.#socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.#debug({ buffered: this.#socket.bufferedAmount }, 'hub client too slow; dropped');
      this.#socket.terminate();
      return false;
    }
    this.#sentAt = this.#shared.heartbeat.now;
    return true;
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
    this.#shared.handlers.debug({ connectionId: this.connectionId, ...details }, message);
  }

  #receive(data: RawData): void {
    if (this.#closing) return;
    if (this.#handshaken) this.#heardAt = performance.now();
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
    this.#heardAt = performance.now();
    this.#sentAt = this.#shared.heartbeat.now;
    this.#shared.handlers.opened(this);
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
      error = await this.#shared.handlers.invoke(this, target, args);
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
    this.#ended = true;
    this.#shared.heartbeat.delete(this);
    this.#shared.handlers.closed(this);
    for (const resolve of this.#closedWaiters ?? []) resolve();
    this.#closedWaiters = undefined;
  }
}
