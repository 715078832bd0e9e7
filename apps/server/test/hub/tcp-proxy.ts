import net, { type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP pass-through to a real service that a test can cut and restore, to
 * make the service unreachable for a while without stopping it.
 */
export class TcpProxy {
  readonly port: number;
  readonly #target: { host: string; port: number };
  readonly #sockets = new Set<Socket>();
  #server: net.Server | null = null;

  private constructor(port: number, target: { host: string; port: number }) {
    this.port = port;
    this.#target = target;
  }

  static async start(target: URL): Promise<TcpProxy> {
    const host = target.hostname;
    const port = Number(target.port || 6379);
    const proxy = new TcpProxy(0, { host, port });
    const server = await proxy.#listen(0);
    const bound = new TcpProxy((server.address() as AddressInfo).port, { host, port });
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await bound.#listen(bound.port);
    return bound;
  }

  #listen(port: number): Promise<net.Server> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.#target.port, this.#target.host);
      for (const socket of [client, upstream]) {
        this.#sockets.add(socket);
        socket.on('close', () => this.#sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    this.#server = server;
    return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
  }

  /** Drops every connection and stops accepting new ones. */
  async cut(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    for (const socket of this.#sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Accepts connections again, on the same port. */
  async restore(): Promise<void> {
    if (!this.#server) await this.#listen(this.port);
  }

  close(): Promise<void> {
    return this.cut();
  }
}
