import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket, WebSocketServer } from 'ws';
import { HUB_PATH } from '@wattboard/contract';
import type { Queryable } from '../../platform/db/db.ts';
import { newConnectionId, verifyConnectionToken } from './connection-token.ts';
import type { HubClientIdentity } from './hub-client.ts';
import { PASSWORD_CHANGE_REQUIRED, sessionMayCall } from '../auth/index.ts';
import { hubSession } from './negotiate.ts';
import type { ConnectionRegistry } from './registry.ts';

export interface UpgradeDeps {
  db: Queryable;
  wss: WebSocketServer;
  registry: ConnectionRegistry;
  secret: string;
  now: () => number;
  log: FastifyBaseLogger;
  isClosing: () => boolean;
  /** The socket is upgraded (`raw` is the TCP socket under it) and belongs to this identity. */
  accept: (socket: WebSocket, raw: Duplex, identity: HubClientIdentity) => void;
}

/** The hub's path, with or without a trailing slash (the router ignores trailing slashes too). */
export function isHubPath(pathname: string): boolean {
  return pathname === HUB_PATH || pathname === `${HUB_PATH}/`;
}

/** Answers a refused upgrade on the raw socket with a plain HTTP response, then closes it. */
export function refuseUpgrade(socket: Duplex, status: number, message: string): void {
  if (socket.destroyed) return;
  const body = `${message}\n`;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
      'Connection: close\r\n' +
      'Content-Type: text/plain; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}

async function upgradeHub(
  deps: UpgradeDeps,
  request: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  query: URLSearchParams,
): Promise<void> {
  if (deps.isClosing()) return refuseUpgrade(socket, 503, 'The server is shutting down.');
  const id = query.get('id');
  // Without an id the client skipped negotiation: the connection starts now.
  const claims = id === null ? null : verifyConnectionToken(id, deps.secret, deps.now());
  if (id !== null && !claims) {
    return refuseUpgrade(socket, 404, 'No connection with this id (unknown or expired).');
  }
  const connectionId = claims?.connectionId ?? newConnectionId();
  if (!deps.registry.reserve(connectionId)) {
    return refuseUpgrade(socket, 409, 'This connection already has a socket.');
  }
  // Removed once upgraded: a listener left on the socket would keep this call's
  // closure scope (the session's rows among it) for the connection's whole life.
  const releaseId = () => deps.registry.release(connectionId);
  socket.once('close', releaseId);

  const session = await hubSession(deps.db, request.headers.authorization, query);
  const sameIdentity =
    session !== null &&
    (claims === null ||
      (claims.userId === session.user.id && claims.factoryId === session.factory.id));
  if (!session || !sameIdentity) {
    deps.registry.release(connectionId);
    return refuseUpgrade(socket, 401, 'Sign in first: the hub needs a valid bearer token.');
  }
  if (!sessionMayCall(session, undefined)) {
    deps.registry.release(connectionId);
    const { httpStatus, body } = PASSWORD_CHANGE_REQUIRED;
    return refuseUpgrade(socket, httpStatus, body.message);
  }
  if (socket.destroyed || deps.isClosing()) {
    deps.registry.release(connectionId);
    return refuseUpgrade(socket, 503, 'The server is shutting down.');
  }
  const identity: HubClientIdentity = {
    connectionId,
    userId: session.user.id,
    factoryId: session.factory.id,
    tokenHash: session.tokenHash,
    sessionExpiresAt: session.expiresAt.getTime(),
  };
  deps.wss.handleUpgrade(request, socket, head, (ws) => {
    socket.off('close', releaseId);
    deps.accept(ws, socket, identity);
  });
}

/**
 * The http server's 'upgrade' listener: takes WebSocket requests for the hub
 * (checking the connection token, the bearer token and that the id has no
 * socket yet before upgrading) and leaves every other path alone.
 */
export function hubUpgradeListener(deps: UpgradeDeps) {
  // One listener for every socket, not a closure each kept for the connection's life.
  const onSocketError = (err: Error) => deps.log.debug({ err }, 'hub upgrade socket error');
  return (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const url = new URL(request.url ?? '/', 'http://hub.invalid');
    if (!isHubPath(url.pathname)) return;
    // A client vanishing mid-upgrade must not crash the server.
    socket.on('error', onSocketError);
    upgradeHub(deps, request, socket, head, url.searchParams).catch((err: unknown) => {
      deps.log.error({ err }, 'hub upgrade failed');
      refuseUpgrade(socket, 500, 'The server could not open the connection.');
    });
  };
}
