// What a server process holds, read from /proc and its /metrics (bench/first-start.ts).
import { readFile } from 'node:fs/promises';

export async function rssMb(pid: number | undefined): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

/** The server's largest mappings by resident size (what holds the memory). */
export async function topMappings(pid: number | undefined, count: number): Promise<string> {
  const lines = (await readFile(`/proc/${pid}/smaps`, 'utf8')).split('\n');
  const maps: { name: string; rss: number; size: number }[] = [];
  for (const line of lines) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const size = (parseInt(head[2]!, 16) - parseInt(head[1]!, 16)) / 1048576;
      maps.push({ name: head[3] || '[anon]', rss: 0, size });
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && maps.length > 0) maps.at(-1)!.rss = Number(rss[1]) / 1024;
  }
  return maps
    .sort((a, b) => b.rss - a.rss)
    .slice(0, count)
    .map(
      (m) =>
        `  ${m.rss.toFixed(0).padStart(5)} MB of ${m.size.toFixed(0).padStart(6)} MB ${m.name}`,
    )
    .join('\n');
}

/** V8's share, from the server's own /metrics: heap total and used, external (PGlite's WASM memory). */
export async function v8Figures(port: number): Promise<string> {
  try {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    const mb = (name: string) => {
      const value = new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1];
      return value === undefined ? '?' : (Number(value) / 1048576).toFixed(0);
    };
    return (
      `  V8 heap ${mb('nodejs_heap_size_total_bytes')} MB (used ${mb('nodejs_heap_size_used_bytes')}),` +
      ` external ${mb('nodejs_external_memory_bytes')} MB`
    );
  } catch (error) {
    return `  /metrics: ${String(error)}`;
  }
}
