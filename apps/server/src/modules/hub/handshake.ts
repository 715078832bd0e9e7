import { writeRecord } from './protocol.ts';

/** The only hub protocol this server speaks: JSON, version 1. */
export const SUPPORTED_PROTOCOL = 'json';
export const SUPPORTED_VERSION = 1;

/** How long a new socket may take to send its handshake, like ASP.NET Core (15 s). */
export const HANDSHAKE_TIMEOUT_MS = 15_000;

export type HandshakeAnswer =
  /** Reply `{}` and carry on. */
  | { accepted: true; reply: string }
  /** Reply with the error (no `type` field, as the client requires), then close. */
  | { accepted: false; reply: string; error: string };

function refuse(error: string): HandshakeAnswer {
  return { accepted: false, reply: writeRecord({ error }), error };
}

/** Answers the client's first record, `{"protocol":"json","version":1}`. Never throws. */
export function answerHandshake(record: string): HandshakeAnswer {
  let request: unknown;
  try {
    request = JSON.parse(record);
  } catch {
    return refuse('The handshake request is not valid JSON.');
  }
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    return refuse('The handshake request must be a JSON object.');
  }
  const { protocol, version } = request as Record<string, unknown>;
  if (typeof protocol !== 'string' || typeof version !== 'number') {
    return refuse('The handshake request needs a protocol name and a version number.');
  }
  if (protocol !== SUPPORTED_PROTOCOL) {
    return refuse(`The protocol '${protocol}' is not supported.`);
  }
  if (version !== SUPPORTED_VERSION) {
    return refuse(`The server does not support version ${version} of the '${protocol}' protocol.`);
  }
  return { accepted: true, reply: writeRecord({}) };
}
