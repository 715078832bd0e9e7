import { format } from 'date-fns';

type LineListener = (line: string) => void;

/** A short, readable reason for a log line (errors from the client, zod issues, anything). */
export function describeFailure(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : JSON.stringify(error);
}

/**
 * The connection log: lines go to the developer test screen's listeners, and
 * a live-connection failure, logged to the console only, goes to the
 * console. Nothing here ever reaches the user as an error.
 */
export function createHubLog(now: () => Date) {
  const listeners = new Set<LineListener>();

  function line(message: string) {
    const text = `${format(now(), 'HH:mm:ss')} ${message}`;
    for (const listener of [...listeners]) listener(text);
  }

  return {
    line,
    info(message: string) {
      console.info(`[hub] ${message}`);
      line(message);
    },
    failure(message: string, error: unknown) {
      console.warn(`[hub] ${message}:`, error);
      line(`${message}: ${describeFailure(error)}`);
    },
    subscribe(listener: LineListener): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
