import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, MEMORY_DATA_DIR, parseConfig } from '../../src/platform/config.ts';

describe('parseConfig', () => {
  it('uses the documented defaults when nothing is set', () => {
    const config = parseConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.simulator).toBe(true);
    expect(config.devTools).toBe(false);
    expect(config.trustProxy).toBe(false);
    expect(config.nodeEnv).toBe('production');
    expect(config.logLevel).toBe('info');
    expect(config.corsOrigins).toEqual([]);
    expect(config.rawRetentionDays).toBe(400);
    expect(config.scryptCost).toBe(17);
    expect(config.dataDir).toMatch(/[/\\]data$/);
    expect(config.webDistDir).toMatch(/apps[/\\]web[/\\]dist$/);
  });

  it('reads every variable and treats empty strings as unset', () => {
    const config = parseConfig(
      {
        PORT: '8080',
        DATA_DIR: 'var/wb',
        DATABASE_URL: 'postgres://root@127.0.0.1:5432/test',
        DEV_TOOLS: 'off',
        SIMULATOR: 'off',
        LOG_LEVEL: 'warn',
        CORS_ORIGINS: ' https://a.example , https://b.example,',
        RAW_RETENTION_DAYS: '30',
        SCRYPT_COST: '',
        WEB_DIST_DIR: '/srv/web',
      },
      '/opt/app',
    );
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(path.resolve('/opt/app', 'var/wb'));
    expect(config.databaseUrl).toBe('postgres://root@127.0.0.1:5432/test');
    expect(config.devTools).toBe(false);
    expect(config.simulator).toBe(false);
    expect(config.logLevel).toBe('warn');
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(config.rawRetentionDays).toBe(30);
    expect(config.scryptCost).toBe(17);
    expect(config.webDistDir).toBe('/srv/web');
  });

  it('turns dev tools on only with DEV_TOOLS, whatever NODE_ENV says', () => {
    expect(parseConfig({ NODE_ENV: 'production' }).devTools).toBe(false);
    expect(parseConfig({ NODE_ENV: 'development' }).devTools).toBe(false);
    expect(parseConfig({ NODE_ENV: 'production', DEV_TOOLS: '1' }).devTools).toBe(true);
    expect(parseConfig({ DEV_TOOLS: 'on' }).devTools).toBe(true);
  });

  it('reads TRUST_PROXY as on/off or a list of proxy addresses', () => {
    expect(parseConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(parseConfig({ TRUST_PROXY: 'FALSE' }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
  });

  it('keeps the in-memory database marker as is', () => {
    expect(parseConfig({ DATA_DIR: MEMORY_DATA_DIR }).dataDir).toBe(MEMORY_DATA_DIR);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'not a url'],
    ['SIMULATOR', 'maybe'],
    ['DEV_TOOLS', 'sometimes'],
    ['TRUST_PROXY', 'yes please'],
    ['TRUST_PROXY', '1'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['LOG_LEVEL', 'loud'],
    ['RAW_RETENTION_DAYS', '0'],
    ['SCRYPT_COST', '3'],
    ['SCRYPT_COST', '1.5'],
  ])('stops with a message naming %s when it is %j', (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(`${name}: .*got "${value}"`));
  });

  it('reads PUBLIC_URL without its trailing slash and refuses what cannot prefix a URL', () => {
    expect(parseConfig({}).publicUrl).toBeUndefined();
    expect(parseConfig({ PUBLIC_URL: 'https://energy.example.com/' }).publicUrl).toBe(
      'https://energy.example.com',
    );
    expect(parseConfig({ PUBLIC_URL: 'http://10.0.0.5:3000/wattboard' }).publicUrl).toBe(
      'http://10.0.0.5:3000/wattboard',
    );
    for (const bad of [
      'energy.example.com',
      'ftp://energy.example.com',
      'https://energy.example.com/?x=1',
      'https://energy.example.com/#top',
      'https://user:pw@energy.example.com',
    ]) {
      expect(() => parseConfig({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL: /);
    }
  });

  it('names every bad variable at once', () => {
    expect(() => parseConfig({ PORT: 'x', LOG_LEVEL: 'y' })).toThrow(/PORT: .*LOG_LEVEL: /);
  });
});
