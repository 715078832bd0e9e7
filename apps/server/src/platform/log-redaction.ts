export const REDACTED = '[redacted]';

/**
 * Query parameters that carry a secret. The hub's WebSocket URL carries the
 * session token as `access_token` (browsers cannot set headers there); the rest
 * are the usual names a proxy, gateway or script may add. Compared without case
 * and without `-`/`_`, so `api_key`, `api-key` and `apiKey` are one name.
 */
const SECRET_PARAMS = new Set([
  'accesstoken',
  'token',
  'idtoken',
  'refreshtoken',
  'key',
  'apikey',
  'secret',
  'clientsecret',
  'password',
  'passwd',
  'signature',
  'sig',
  'code',
]);

function isSecretName(name: string): boolean {
  return SECRET_PARAMS.has(name.toLowerCase().replace(/[-_]/g, ''));
}

/**
 * A URL as it may be logged: secret query values and a password in the
 * user-info replaced with [redacted], everything else exactly as it came
 * (order, encoding, other parameters), so a log line still says which call it
 * was. Takes a path with query (request.url) or an absolute URL.
 */
export function redactUrl(url: string): string {
  const hashAt = url.indexOf('#');
  const withoutHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const queryAt = withoutHash.indexOf('?');
  const base = queryAt === -1 ? withoutHash : withoutHash.slice(0, queryAt);
  const safeBase = base.replace(/^([a-z][a-z0-9+.-]*:\/\/[^/:@]*):[^/@]*@/i, `$1:${REDACTED}@`);
  if (queryAt === -1) return safeBase + hash;
  const query = withoutHash
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals === -1 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the name as written.
      }
      return equals !== -1 && isSecretName(name) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${safeBase}?${query}${hash}`;
}

/** Header paths pino replaces in any log line (a request logged whole, or its headers). */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-api-key"]',
  'res.headers["set-cookie"]',
];

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

function isRequest(value: unknown): value is LoggedRequest {
  const candidate = value as Partial<LoggedRequest> | null | undefined;
  return typeof candidate?.method === 'string' && typeof candidate.url === 'string';
}

/**
 * Fastify's request log fields (method, url, host, remote address and port)
 * with the URL redacted: the default serializer logs `?access_token=...` whole.
 * Anything else logged as `req` goes on as it is, to the header redact paths;
 * a logger must never throw over the shape of what it is given.
 */
export function serializeRequest(request: unknown): Record<string, unknown> {
  if (!isRequest(request)) {
    return typeof request === 'object' && request !== null
      ? (request as Record<string, unknown>)
      : { value: request };
  }
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
