import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../helpers/backends.ts';
import { postJson, signInAs, startTestApp, type TestApp } from '../helpers/test-app.ts';

// Built files go out precompressed (written at build time) with
// long-lived caching when hashed; JSON answers are compressed on the fly.
const INDEX_HTML = `<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script>${'<!-- padding -->'.repeat(100)}</body></html>`;
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))};`;
const ONE_YEAR = 'public, max-age=31536000, immutable';

async function writeWithCompressed(file: string, text: string) {
  await writeFile(file, text);
  await writeFile(`${file}.br`, brotliCompressSync(text));
  await writeFile(`${file}.gz`, gzipSync(text));
}

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

describe.each(backends)('compressed answers on %s', (backend) => {
  let t: TestApp;
  let distDir: string;
  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'wattboard-dist-'));
    await mkdir(path.join(distDir, 'assets'));
    await writeWithCompressed(path.join(distDir, 'index.html'), INDEX_HTML);
    await writeWithCompressed(path.join(distDir, 'assets', 'index-abc123.js'), SCRIPT);
    t = await startTestApp(backend, { WEB_DIST_DIR: distDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(distDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends a hashed asset precompressed in the accepted encoding, cached for a year', async () => {
    for (const [accept, expected] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      [undefined, undefined],
    ] as const) {
      const response = await get('/assets/index-abc123.js', accept);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(expected);
      expect(response.headers['cache-control']).toBe(ONE_YEAR);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
      expect(decode(expected, response.rawPayload)).toBe(SCRIPT);
      if (expected) expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 2);
    }
  });

  it('sends index.html precompressed and never cached without revalidation', async () => {
    for (const url of ['/', '/dashboard/login', '/dashboard/monitoring-point']) {
      const response = await get(url, 'br, gzip');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(decode('br', response.rawPayload)).toBe(INDEX_HTML);
    }
  });

  it('keeps the security headers on compressed files', async () => {
    const response = await get('/dashboard/login', 'gzip');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('compresses JSON answers on the fly (brotli first), the same JSON once decoded', async () => {
    const plain = await get('/docs/json');
    for (const [accept, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const response = await get('/docs/json', accept);
      expect(response.headers['content-encoding']).toBe(expected);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decode(expected, response.rawPayload))).toEqual(plain.json());
    }
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('compresses a contract call answer over 1 KB and leaves small ones alone', async () => {
    const { token, email } = await signInAs(t.app);
    const body = { email, token, action: '/v1/Web/Factory/Channel/List' };
    const url = '/v1/Web/Factory/Channel/List';
    const plain = await postJson(t.app, url, body);
    const zipped = await postJson(t.app, url, body, { 'accept-encoding': 'gzip' });
    const encoding = zipped.headers['content-encoding'];
    expect(encoding).toBe(plain.rawPayload.length >= 1024 ? 'gzip' : undefined);
    expect(JSON.parse(decode(encoding as string | undefined, zipped.rawPayload))).toEqual(
      plain.json(),
    );
    const health = await get('/healthz', 'gzip');
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });
  });
});
