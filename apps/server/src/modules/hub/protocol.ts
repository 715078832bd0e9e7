/**
 * The ASP.NET Core SignalR JSON hub protocol, server side (docs/product/live-hub.md):
 * record framing and the messages the official client sends and expects. Pure.
 */

/** Every JSON message ends with this character (0x1E). */
export const RECORD_SEPARATOR = '\u001e';

/** Largest message a client may send, like ASP.NET Core's default (32 KB). */
export const MAX_MESSAGE_BYTES = 32 * 1024;

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
} as const;

export interface SplitRecords {
  /** Complete records, without their separators, in arrival order. */
  records: string[];
  /** Text after the last separator: the start of a record still arriving. */
  rest: string;
}

/**
 * Splits what has arrived into records. The client may batch several messages
 * into one frame; an unterminated tail is kept for the next frame.
 */
export function splitRecords(pending: string, chunk: string): SplitRecords {
  const parts = (pending + chunk).split(RECORD_SEPARATOR);
  const rest = parts.pop() ?? '';
  return { records: parts.filter((part) => part.trim() !== ''), rest };
}

/** One message as a record: its JSON followed by the separator. */
export function writeRecord(message: object): string {
  return JSON.stringify(message) + RECORD_SEPARATOR;
}

/** A server-to-client event: an Invocation without invocationId (the client must not answer it). */
export function eventRecord(target: string, payload: unknown): string {
  return writeRecord({ type: MessageType.Invocation, target, arguments: [payload] });
}

/** Answer to a client invoke(): void, or an error the client's promise rejects with. */
export function completionRecord(invocationId: string, error?: string): string {
  return writeRecord(
    error === undefined
      ? { type: MessageType.Completion, invocationId }
      : { type: MessageType.Completion, invocationId, error },
  );
}

export const PING_RECORD = writeRecord({ type: MessageType.Ping });

/** Close message; with allowReconnect the client's automatic reconnect takes over. */
export function closeRecord(options: { error?: string; allowReconnect?: boolean } = {}): string {
  return writeRecord({ type: MessageType.Close, ...options });
}

/** What one client record means to the server. */
export type ClientMessage =
  | { kind: 'invocation'; invocationId: string | undefined; target: string; args: unknown[] }
  | { kind: 'stream-invocation'; invocationId: string }
  | { kind: 'ping' }
  | { kind: 'close' }
  /** Valid but nothing to do: stream items, completions, cancels, types of a newer protocol. */
  | { kind: 'ignored'; type: number }
  | { kind: 'invalid'; reason: string; invocationId?: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalId(value: unknown): string | undefined | null {
  if (value === undefined) return undefined;
  return typeof value === 'string' && value !== '' ? value : null;
}

function parseInvocation(message: Record<string, unknown>): ClientMessage {
  const invocationId = optionalId(message.invocationId);
  if (invocationId === null) return { kind: 'invalid', reason: 'invocationId must be a string' };
  const { target } = message;
  const args = message.arguments ?? [];
  if (typeof target !== 'string' || target === '') {
    return { kind: 'invalid', reason: 'an invocation needs a target', invocationId };
  }
  if (!Array.isArray(args)) {
    return { kind: 'invalid', reason: 'arguments must be an array', invocationId };
  }
  return { kind: 'invocation', invocationId, target, args };
}

/** Reads one record; never throws, whatever the client sent. */
export function parseClientMessage(record: string): ClientMessage {
  let message: unknown;
  try {
    message = JSON.parse(record);
  } catch {
    return { kind: 'invalid', reason: 'not JSON' };
  }
  if (!isRecord(message) || typeof message.type !== 'number') {
    return { kind: 'invalid', reason: 'a message is a JSON object with a numeric type' };
  }
  switch (message.type) {
    case MessageType.Invocation:
      return parseInvocation(message);
    case MessageType.StreamInvocation: {
      const invocationId = optionalId(message.invocationId);
      return invocationId
        ? { kind: 'stream-invocation', invocationId }
        : { kind: 'invalid', reason: 'a stream invocation needs an invocationId' };
    }
    case MessageType.Ping:
      return { kind: 'ping' };
    case MessageType.Close:
      return { kind: 'close' };
    default:
      // Stream items, completions and cancels need no action (the server never
      // invokes the client); unknown types come from newer clients: ignore them.
      return { kind: 'ignored', type: message.type };
  }
}
