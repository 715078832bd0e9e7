import type { Config } from './config.ts';
import { REDACTED_LOG_PATHS, serializeRequest } from './log-redaction.ts';

/**
 * Where pino-pretty lives, or undefined when this install has none. It is a
 * runtime dependency, but an install pruned by hand must still start: pino
 * would otherwise crash at start-up on a terminal, looking for the transport.
 */
export function resolvePrettyTransport(
  resolve: (specifier: string) => string = (specifier) => import.meta.resolve(specifier),
): string | undefined {
  try {
    return resolve('pino-pretty');
  } catch {
    return undefined;
  }
}

/**
 * Pino options for the server: the configured level, secrets redacted from
 * every logged URL and header, and human-readable lines on a terminal when
 * pino-pretty can be found (JSON lines otherwise, as in production).
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel'>,
  terminal: { isTTY: boolean; prettyTarget: string | undefined },
) {
  const pretty =
    terminal.isTTY && terminal.prettyTarget
      ? {
          transport: {
            target: terminal.prettyTarget,
            options: { translateTime: 'SYS:HH:MM:ss.l' },
          },
        }
      : {};
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
    serializers: { req: serializeRequest },
    ...pretty,
  };
}
