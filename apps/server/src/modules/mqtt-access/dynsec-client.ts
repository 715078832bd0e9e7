import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import type { DynsecCommand } from './commands.ts';

export const CONTROL_TOPIC = '$CONTROL/dynamic-security/v1';
export const RESPONSE_TOPIC = '$CONTROL/dynamic-security/v1/response';

/** A command the broker refused or did not answer; the message names both. */
export class DynsecError extends Error {
  override name = 'DynsecError';
  readonly command: string;
  /** The broker's error text, or why there was no answer. */
  readonly brokerError: string;
  constructor(command: string, brokerError: string) {
    super(`dynamic-security ${command}: ${brokerError}`);
    this.command = command;
    this.brokerError = brokerError;
  }
}

interface DynsecResponse {
  command?: string;
  error?: string;
  correlationData?: string;
}

export interface DynsecClientOptions {
  /** MQTT_ADMIN_URL: the plugin's admin account. */
  url: string;
  /** How long a command (including waiting for the connection) may take. */
  timeoutMs?: number;
}

export interface DynsecClient {
  /**
   * Sends the commands in one message and resolves when the broker answered all of them. The
   * first refused one rejects with a DynsecError, unless its error is in `tolerate` (e.g.
   * "Client not found" for a delete). Commands are applied in order; those before a refused one stay.
   */
  send(commands: DynsecCommand[], tolerate?: ReadonlySet<string>): Promise<void>;
  close(): Promise<void>;
}

/**
 * A small client of Mosquitto's dynamic-security control topic. It connects at once and keeps
 * reconnecting in the background; a command sent before the first connection waits for it up to
 * the timeout, one sent while the broker is away later fails at once. Each command carries a correlationData the broker echoes, so answers are matched
 * even when several calls are in flight.
 */
export function createDynsecClient(options: DynsecClientOptions): DynsecClient {
  const timeoutMs = options.timeoutMs ?? 5000;
  const pending = new Map<string, (response: DynsecResponse) => void>();
  const client: MqttClient = mqtt.connect(options.url, {
    clientId: `wattboard-dynsec-${randomBytes(4).toString('hex')}`,
    protocolVersion: 5,
    clean: true,
    reconnectPeriod: 2000,
    connectTimeout: timeoutMs,
  });
  // A resubscription on every (re)connect: the session is clean.
  let subscribed: Promise<unknown> = Promise.resolve();
  client.on('connect', () => {
    subscribed = client.subscribeAsync(RESPONSE_TOPIC, { qos: 1 });
    subscribed.catch(() => undefined);
  });
  // Errors surface in the DynsecErrors of the commands (a wrong admin password: "Not authorized").
  let lastError = '';
  client.on('error', (error) => (lastError = error.message));
  const unreachable = (why: string) =>
    `broker unreachable (${why})${lastError ? `: ${lastError}` : ''}`;
  client.on('message', (topic, payload) => {
    if (topic !== RESPONSE_TOPIC) return;
    let responses: DynsecResponse[];
    try {
      const body = JSON.parse(payload.toString('utf8')) as { responses?: DynsecResponse[] };
      responses = Array.isArray(body.responses) ? body.responses : [];
    } catch {
      return;
    }
    for (const response of responses) {
      const resolve = response.correlationData && pending.get(response.correlationData);
      if (resolve) resolve(response);
    }
  });

  let everConnected = false;
  client.on('connect', () => (everConnected = true));

  /**
   * Before the first connection, waits for it (the server may have just started); after it, an
   * offline broker is refused at once rather than holding the Admin call for the whole timeout.
   */
  const connected = (command: string): Promise<void> => {
    if (client.connected) return subscribed.then(() => undefined);
    if (everConnected) {
      return Promise.reject(new DynsecError(command, unreachable('disconnected')));
    }
    return new Promise<void>((resolve) =>
      client.once(
        'connect',
        () =>
          void subscribed.then(
            () => resolve(),
            () => resolve(),
          ),
      ),
    );
  };

  async function send(commands: DynsecCommand[], tolerate: ReadonlySet<string> = new Set()) {
    if (commands.length === 0) return;
    const first = commands[0]!.command;
    const ids = commands.map(() => randomBytes(8).toString('hex'));
    const answers = ids.map(
      (id) => new Promise<DynsecResponse>((resolve) => pending.set(id, resolve)),
    );
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new DynsecError(
              first,
              client.connected
                ? `no answer from the broker within ${timeoutMs} ms`
                : unreachable(`no connection within ${timeoutMs} ms`),
            ),
          ),
        timeoutMs,
      );
      timer.unref();
    });
    try {
      const responses = await Promise.race([
        (async () => {
          await connected(first);
          const message = {
            commands: commands.map((command, i) => ({ ...command, correlationData: ids[i] })),
          };
          await client.publishAsync(CONTROL_TOPIC, JSON.stringify(message), { qos: 1 });
          return Promise.all(answers);
        })(),
        timeout,
      ]);
      responses.forEach((response, i) => {
        if (response.error && !tolerate.has(response.error)) {
          throw new DynsecError(commands[i]!.command, response.error);
        }
      });
    } finally {
      clearTimeout(timer);
      for (const id of ids) pending.delete(id);
    }
  }

  return {
    send,
    close: async () => {
      await client.endAsync(true).catch(() => undefined);
    },
  };
}
