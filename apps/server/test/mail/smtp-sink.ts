import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it. */
export interface ReceivedMail {
  mailFrom: string;
  rcptTo: string[];
  raw: string;
}

export interface SmtpSink {
  port: number;
  /** Every message received by any server started on this sink's port, in order. */
  messages: ReceivedMail[];
  /** Stops listening (the port is then refused), waiting for open sessions to end. */
  stop(): Promise<void>;
  /** Listens again on the same port, keeping the messages received so far. */
  restart(): Promise<void>;
  /**
   * Holds every message's final reply until `release()` (a slow server).
   * `arrived` resolves when the first held message has been received.
   */
  hold(): { arrived: Promise<void>; release(): void };
}

interface Gate {
  arrived: () => void;
  released: Promise<void>;
}

function createServer(messages: ReceivedMail[], gate: () => Gate | null): SMTPServer {
  return new SMTPServer({
    authOptional: true,
    // No TLS certificate in the test: plain SMTP, as on a local relay.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelope = session.envelope;
        messages.push({
          mailFrom: envelope.mailFrom ? envelope.mailFrom.address : '',
          rcptTo: envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        const held = gate();
        if (!held) return callback();
        held.arrived();
        void held.released.then(() => callback());
      });
    },
  });
}

function listen(server: SMTPServer, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    const net = server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((net.address() as AddressInfo).port);
    });
  });
}

/** A real SMTP server (the `smtp-server` package) on a free port of 127.0.0.1. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  let gate: Gate | null = null;
  const currentGate = () => gate;
  let server = createServer(messages, currentGate);
  const port = await listen(server, 0);
  return {
    port,
    messages,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
    async restart() {
      server = createServer(messages, currentGate);
      await listen(server, port);
    },
    hold() {
      let arrived!: () => void;
      let release!: () => void;
      const arrivedPromise = new Promise<void>((resolve) => (arrived = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      gate = { arrived, released };
      return {
        arrived: arrivedPromise,
        release: () => {
          gate = null;
          release();
        },
      };
    },
  };
}

/** The header block's value of `name`, unfolded (continuation lines joined). */
export function headerOf(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded
    .split(/\r?\n/)
    .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

const ENCODED_WORD = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g;

function wordBytes(encoding: string, text: string): Buffer {
  if (encoding.toUpperCase() === 'B') return Buffer.from(text, 'base64');
  const bytes = text
    .replace(/_/g, ' ')
    .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1');
}

/**
 * Decodes RFC 2047 encoded words (nodemailer encodes non-ASCII subjects so).
 * Adjacent words are joined as bytes first: a character may be split
 * between two words, and the whitespace between them is not part of the text.
 */
export function decodeMimeHeader(value: string): string {
  const out: string[] = [];
  let pending: Buffer[] = [];
  let last = 0;
  const flush = () => {
    if (pending.length > 0) out.push(Buffer.concat(pending).toString('utf8'));
    pending = [];
  };
  for (const match of value.matchAll(ENCODED_WORD)) {
    const between = value.slice(last, match.index);
    if (pending.length === 0 || between.trim() !== '') {
      flush();
      out.push(between);
    }
    pending.push(wordBytes(match[2]!, match[3]!));
    last = match.index + match[0].length;
  }
  flush();
  out.push(value.slice(last));
  return out.join('');
}
