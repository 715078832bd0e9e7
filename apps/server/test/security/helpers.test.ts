import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  EDGE_VALUES,
  edgeBodies,
  leafPathsOf,
  pathsOf,
  replaceAt,
  sampleOf,
} from './fuzz-values.ts';
import { parseRouteTree } from './route-inventory.ts';

describe('the route table as Fastify prints it', () => {
  it('joins nested segments to their parents and leaves HEAD out', () => {
    const tree = [
      '├── /metrics (GET, HEAD)',
      '├── /docs (GET, HEAD)',
      '│   ├── /static/index.html (GET, HEAD)',
      '│   ├── * (HEAD, GET)',
      '│   └── /json (GET, HEAD)',
      '├── /v1/Web/Monitor/Device (POST)',
      '│   ├── /Power/Detail (POST)',
      '│   └── /ConsumptionQuery (POST)',
      '├── /v1/Event/:id/resolve (PUT)',
      '└── * (OPTIONS)',
      '',
    ].join('\n');
    expect(parseRouteTree(tree).map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /metrics',
      'GET /docs',
      'GET /docs/static/index.html',
      'GET /docs*',
      'GET /docs/json',
      'POST /v1/Web/Monitor/Device',
      'POST /v1/Web/Monitor/Device/Power/Detail',
      'POST /v1/Web/Monitor/Device/ConsumptionQuery',
      'PUT /v1/Event/:id/resolve',
      'OPTIONS *',
    ]);
  });

  it('a segment without methods still prefixes its children', () => {
    const tree = ['└── /v1/ (POST)', '    ├── A', '    │   └── /b (POST)'].join('\n');
    expect(parseRouteTree(tree).map((r) => r.url)).toEqual(['/v1/', '/v1/A/b']);
  });
});

describe('fuzz helpers', () => {
  const body = { a: 1, b: { c: [true, 'x'] } };

  it('lists every position and every leaf', () => {
    expect(pathsOf(body)).toEqual([[], ['a'], ['b'], ['b', 'c'], ['b', 'c', 0], ['b', 'c', 1]]);
    expect(leafPathsOf(body)).toEqual([['a'], ['b', 'c', 0], ['b', 'c', 1]]);
  });

  it('replaces or deletes one position without touching the original', () => {
    expect(replaceAt(body, ['b', 'c', 1], null)).toEqual({ a: 1, b: { c: [true, null] } });
    expect(replaceAt(body, ['a'], undefined)).toEqual({ b: { c: [true, 'x'] } });
    expect(body).toEqual({ a: 1, b: { c: [true, 'x'] } });
  });

  it('puts each edge value in each leaf but the envelope', () => {
    const bodies = edgeBodies({ email: 'e', deviceId: 1, range: { start: 's' } });
    expect(bodies).toHaveLength(2 * EDGE_VALUES.length);
    expect(bodies).toContainEqual({ email: 'e', deviceId: 2147483648, range: { start: 's' } });
    expect(bodies).toContainEqual({ email: 'e', deviceId: 1, range: { start: '0001-01-01' } });
  });

  it('samples a plausible body from a request schema', () => {
    const schema = z.object({
      email: z.email(),
      day: z.iso.date(),
      kind: z.enum(['on', 'off']),
      ids: z.array(z.number()),
      limit: z.union([z.number(), z.string()]).transform(Number).optional(),
    });
    expect(sampleOf(schema)).toEqual({
      email: 'fuzz@demo.example',
      day: '2026-01-02',
      kind: 'on',
      ids: [1],
      limit: 1,
    });
  });
});
