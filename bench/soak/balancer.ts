// A TCP load balancer without stickiness: each new connection goes to the next
// instance in turn, skipping one that refuses. Negotiate and the WebSocket of
// one client may land on different instances, as behind a real balancer.
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export interface Balancer {
  port: number;
  close(): Promise<void>;
}

export async function startBalancer(targets: () => readonly number[]): Promise<Balancer> {
  let next = 0;
  const sockets = new Set<Socket>();

  const connect = (client: Socket, attempt: number) => {
    const ports = targets();
    if (attempt >= ports.length || client.destroyed) {
      client.destroy();
      return;
    }
    const port = ports[next++ % ports.length]!;
    const upstream = createConnection({ port, host: '127.0.0.1' });
    let connected = false;
    sockets.add(upstream);
    upstream.once('close', () => sockets.delete(upstream));
    upstream.once('error', () => {
      if (!connected && !client.destroyed) {
        upstream.destroy();
        connect(client, attempt + 1);
      } else {
        client.destroy();
      }
    });
    upstream.once('connect', () => {
      connected = true;
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
      upstream.once('close', () => client.destroy());
      client.once('close', () => upstream.destroy());
    });
  };

  const server: Server = createServer({ pauseOnConnect: true }, (client) => {
    sockets.add(client);
    client.once('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    connect(client, 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('balancer has no port');
  return {
    port: address.port,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
