import { createServer, type IncomingMessage } from 'node:http';

/**
 * A small HTTP server standing in for Wattboard's ingest call: it refuses (503) or hangs up while
 * `down` is set, and otherwise answers like the server: 200 with {accepted, duplicates, rejected},
 * counting a reading it already has (same serial and ts) as a duplicate.
 */
export async function startIngestServer(key: string) {
  const state = {
    down: true,
    /** Readings stored, in arrival order, each once. */
    stored: [] as { serial: string; ts: string; [k: string]: unknown }[],
    duplicates: 0,
    refusedRequests: 0,
    requests: 0,
  };
  const seen = new Set<string>();
  const body = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      readings: (typeof state.stored)[number][];
    };
  };
  const server = createServer(async (req, res) => {
    state.requests++;
    if (req.url !== '/v1/Ingest/Readings' || req.method !== 'POST') {
      res.writeHead(404).end();
      return;
    }
    if (req.headers.authorization !== `Bearer ${key}`) {
      res.writeHead(401).end('{"statusCode":1007}');
      return;
    }
    const { readings } = await body(req);
    if (state.down) {
      state.refusedRequests++;
      res.writeHead(503).end('down');
      return;
    }
    let accepted = 0;
    for (const r of readings) {
      const id = `${r.serial}@${r.ts}`;
      if (seen.has(id)) {
        state.duplicates++;
        continue;
      }
      seen.add(id);
      state.stored.push(r);
      accepted++;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ accepted, duplicates: readings.length - accepted, rejected: [] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
