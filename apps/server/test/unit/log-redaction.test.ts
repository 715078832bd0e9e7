import { describe, expect, it } from 'vitest';
import { REDACTED, redactUrl, serializeRequest } from '../../src/platform/log-redaction.ts';
import { loggerOptions, resolvePrettyTransport } from '../../src/platform/logger.ts';

describe('redactUrl', () => {
  it('hides the hub token and leaves the rest of the URL as it came', () => {
    expect(redactUrl('/notificationHub?id=abc&access_token=s3cr3t')).toBe(
      `/notificationHub?id=abc&access_token=${REDACTED}`,
    );
  });

  it.each([
    ['token', '/x?token=t'],
    ['key', '/x?key=k'],
    ['apiKey', '/x?apiKey=k'],
    ['api_key', '/x?api_key=k'],
    ['API-KEY', '/x?API-KEY=k'],
    ['password', '/x?password=p'],
    ['client_secret', '/x?client_secret=p'],
    ['percent-encoded name', '/x?access%5Ftoken=t'],
  ])('hides %s', (_name, url) => {
    const redacted = redactUrl(url);
    expect(redacted).toMatch(new RegExp(`=${REDACTED.replace(/[[\]]/g, '\\$&')}$`));
    expect(redacted).not.toMatch(/=[tkp]$/);
  });

  it('hides every occurrence of a repeated secret parameter', () => {
    expect(redactUrl('/x?token=a&token=b&page=2')).toBe(
      `/x?token=${REDACTED}&token=${REDACTED}&page=2`,
    );
  });

  it('keeps names that only contain a secret word, flags without a value, and the fragment', () => {
    expect(redactUrl('/x?monkey=1&tokenized&keys=2#token=frag')).toBe(
      '/x?monkey=1&tokenized&keys=2#token=frag',
    );
  });

  it('leaves a URL without a query unchanged, even an odd one', () => {
    expect(redactUrl('/v1/Web/Factory/Channel/List')).toBe('/v1/Web/Factory/Channel/List');
    expect(redactUrl('')).toBe('');
    expect(redactUrl('/x?')).toBe('/x?');
  });

  it('survives a malformed escape in a name', () => {
    expect(redactUrl('/x?%E0%A4%A=1&token=t')).toBe(`/x?%E0%A4%A=1&token=${REDACTED}`);
  });

  it('hides the password in an absolute URL with credentials', () => {
    expect(redactUrl('mqtt://gateway:hunter2@broker.example:1883/?key=k')).toBe(
      `mqtt://gateway:${REDACTED}@broker.example:1883/?key=${REDACTED}`,
    );
    expect(redactUrl('smtp://mail.example:587')).toBe('smtp://mail.example:587');
  });
});

describe('serializeRequest', () => {
  it('logs what Fastify logs by default, with the URL redacted and no headers', () => {
    const logged = serializeRequest({
      method: 'GET',
      url: '/notificationHub?access_token=s3cr3t',
      host: 'localhost:3000',
      ip: '127.0.0.1',
      socket: { remotePort: 5555 },
    });
    expect(logged).toEqual({
      method: 'GET',
      url: `/notificationHub?access_token=${REDACTED}`,
      host: 'localhost:3000',
      remoteAddress: '127.0.0.1',
      remotePort: 5555,
    });
  });
});

describe('serializeRequest with something that is not a request', () => {
  it.each([{ headers: { host: 'x' } }, { method: 'GET', url: 5 }])(
    'passes the object %j through, to the header redact paths',
    (value) => {
      expect(serializeRequest(value)).toBe(value);
    },
  );

  it.each([undefined, null, 'GET /'])('wraps %j without throwing', (value) => {
    expect(serializeRequest(value)).toEqual({ value });
  });
});

describe('loggerOptions', () => {
  const config = { logLevel: 'info' as const };

  it('is pretty on a terminal when pino-pretty resolves', () => {
    const options = loggerOptions(config, { isTTY: true, prettyTarget: '/x/pino-pretty.js' });
    expect(options).toMatchObject({ transport: { target: '/x/pino-pretty.js' } });
  });

  it('falls back to JSON lines on a terminal when pino-pretty cannot be resolved', () => {
    const options = loggerOptions(config, { isTTY: true, prettyTarget: undefined });
    expect(options).not.toHaveProperty('transport');
    expect(JSON.stringify(options)).not.toContain('pino-pretty');
  });

  it('writes JSON lines when not on a terminal, and always redacts headers', () => {
    const options = loggerOptions(config, { isTTY: false, prettyTarget: '/x/pino-pretty.js' });
    expect(options).not.toHaveProperty('transport');
    expect(options.redact.paths).toEqual(
      expect.arrayContaining(['req.headers.authorization', 'req.headers.cookie']),
    );
  });

  it('resolves pino-pretty in this install, and reports a missing one as undefined', () => {
    expect(resolvePrettyTransport()).toMatch(/^file:.*pino-pretty/);
    const missing = () => {
      throw new Error("Cannot find package 'pino-pretty'");
    };
    expect(resolvePrettyTransport(missing)).toBeUndefined();
  });
});
