import { fileURLToPath } from 'node:url';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy.ts';
import { redactUrl } from './log-redaction.ts';

/** The server package's own directory (apps/server), whatever the working directory is. */
const serverPackageDir = fileURLToPath(new URL('../..', import.meta.url));

/** In-memory PGlite; used by tests and never the default. */
export const MEMORY_DATA_DIR = 'memory://';

const booleanText = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'], {
    error: 'expected one of 1, 0, true, false, on, off, yes, no',
  })
  .transform((value) => ['1', 'true', 'on', 'yes'].includes(value));

const trustProxyText = z.string().transform((text, ctx) => {
  const parsed = parseTrustProxy(text);
  if (typeof parsed === 'object' && !Array.isArray(parsed)) {
    ctx.addIssue({ code: 'custom', message: parsed.error });
    return z.NEVER;
  }
  return parsed;
});

const optionalUrl = z.url({ error: 'expected a URL' }).optional();

/**
 * Where people and gateways reach this server from outside (behind a proxy:
 * its https name). Only scheme, host, port and an optional path prefix: a
 * query, fragment or credentials would end up inside every URL built from it.
 */
const publicUrl = z
  .url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' })
  .refine((text) => {
    // Not a URL at all is z.url's issue; this one judges only its parts.
    if (!URL.canParse(text)) return true;
    const url = new URL(text);
    return url.search === '' && url.hash === '' && url.username === '' && url.password === '';
  }, 'expected no query, fragment or user name, e.g. https://energy.example.com')
  .transform((text) => text.replace(/\/+$/, ''))
  .optional();

/**
 * MQTT_ADMIN_URL (issue #25): a dynamic-security admin account of the broker, which the server
 * uses to give each gateway its own credentials. Only an MQTT URL with a user name and password.
 */
const mqttAdminUrl = z
  .url({
    protocol: /^(mqtts?|wss?)$/,
    error: 'expected an mqtt://, mqtts://, ws:// or wss:// URL',
  })
  .refine((text) => {
    if (!URL.canParse(text)) return true;
    const url = new URL(text);
    return url.username !== '' && url.password !== '';
  }, 'expected the broker admin account as mqtt://user:password@host:port')
  .optional();

const envSchema = z.object({
  // `npm start` is a deployment: production unless scripts/dev.ts (npm run dev) says otherwise.
  NODE_ENV: z.string().default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce
    .number({ error: 'expected a port number' })
    .int()
    .min(0)
    .max(65535, { error: 'expected a port number between 0 and 65535' })
    .default(3000),
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  MQTT_URL: optionalUrl,
  MQTT_CLIENT_ID: z.string().min(1).max(128).optional(),
  MQTT_ADMIN_URL: mqttAdminUrl,
  SMTP_URL: optionalUrl,
  /** Telegram's Bot API (issue #28); tests and a proxy point it elsewhere. */
  TELEGRAM_API_BASE: z.url({ error: 'expected a URL' }).default('https://api.telegram.org'),
  /** LINE's Messaging API (issue #28, decision 0076); tests and a proxy point it elsewhere. */
  LINE_API_BASE: z.url({ error: 'expected a URL' }).default('https://api.line.me'),
  MAIL_FROM: z.string().min(3).default('Wattboard <alerts@wattboard.local>'),
  DEV_TOOLS: booleanText.default(false),
  TRUST_PROXY: trustProxyText.default(false),
  SIMULATOR: z.enum(['on', 'off'], { error: "expected 'on' or 'off'" }).default('on'),
  SIMULATOR_TRANSPORT: z
    .enum(['ingest', 'mqtt'], { error: "expected 'ingest' or 'mqtt'" })
    .default('ingest'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'expected one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  CORS_ORIGINS: z.string().default(''),
  RAW_RETENTION_DAYS: z.coerce
    .number({ error: 'expected a whole number of days' })
    .int({ error: 'expected a whole number of days' })
    .min(1, { error: 'expected at least 1 day' })
    .default(400),
  WEB_DIST_DIR: z.string().min(1).optional(),
  PUBLIC_URL: publicUrl,
  /** Single sign-on (decision 0085): a JSON file of the factories' OpenID providers. */
  OIDC_CONFIG_FILE: z.string().min(1).optional(),
  METRICS_TOKEN: z.string().min(16, { error: 'expected at least 16 characters' }).optional(),
  // log2 of scrypt's N. 17 is the production cost; tests lower it for speed.
  SCRYPT_COST: z.coerce
    .number({ error: 'expected a whole number' })
    .int({ error: 'expected a whole number' })
    .min(4, { error: 'expected at least 4' })
    .max(20, { error: 'expected at most 20' })
    .default(17),
});

export interface Config {
  nodeEnv: string;
  host: string;
  port: number;
  /** Absolute PGlite directory, or MEMORY_DATA_DIR. Unused when databaseUrl is set. */
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  mqttUrl: string | undefined;
  /** The ingest subscriber's MQTT client id; see mqttIngestClientId. */
  mqttClientId: string | undefined;
  /** The broker's dynamic-security admin account; set, each gateway gets its own MQTT login (issue #25). */
  mqttAdminUrl: string | undefined;
  smtpUrl: string | undefined;
  /** Telegram's Bot API base (https://api.telegram.org unless TELEGRAM_API_BASE). */
  telegramApiBase: string;
  /** LINE's Messaging API base (https://api.line.me unless LINE_API_BASE). */
  lineApiBase: string;
  mailFrom: string;
  /** Where mail goes as .eml files when SMTP_URL is unset: DATA_DIR/outbox (a temp dir for memory://). */
  mailOutboxDir: string;
  /** Test-only calls and the hub's alias events: only with DEV_TOOLS=1 (npm run dev sets it). */
  devTools: boolean;
  /** Fastify's trustProxy: whether X-Forwarded-* from a reverse proxy are believed. */
  trustProxy: TrustProxy;
  simulator: boolean;
  /** 'mqtt': the simulator's live readings go to MQTT_URL's broker instead of in-process. */
  simulatorTransport: 'ingest' | 'mqtt';
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  corsOrigins: string[];
  rawRetentionDays: number;
  /** When set, GET /metrics wants it as a bearer token; unset, /metrics is open (internal network). */
  metricsToken: string | undefined;
  /** PUBLIC_URL without a trailing slash: the address shown in gateway instructions. */
  publicUrl: string | undefined;
  webDistDir: string;
  scryptCost: number;
  /** OIDC_CONFIG_FILE (absolute): the factories' single sign-on; unset, it is off. */
  oidcConfigFile: string | undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Empty strings count as unset, so `PORT= npm start` behaves like no PORT at all. */
function withoutEmpty(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[1]?.trim() !== '' && entry[1] !== undefined,
    ),
  );
}

function resolveDir(value: string | undefined, fallback: string, cwd: string): string {
  if (value === MEMORY_DATA_DIR) return value;
  return value === undefined ? fallback : path.resolve(cwd, value);
}

/**
 * Reads the configuration from environment variables. Throws a
 * ConfigError naming every bad variable, so start-up stops with a clear message.
 */
export function parseConfig(
  env: Record<string, string | undefined>,
  cwd: string = process.cwd(),
): Config {
  const result = envSchema.safeParse(withoutEmpty(env));
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      // The admin account's password must not reach the start-up error (and the logs).
      const got = name === 'MQTT_ADMIN_URL' ? redactUrl(env[name] ?? '') : env[name];
      return `${issue.path.join('.')}: ${issue.message} (got ${JSON.stringify(got)})`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = result.data;
  if (e.SIMULATOR_TRANSPORT === 'mqtt' && !e.MQTT_URL) {
    throw new ConfigError('Invalid configuration: SIMULATOR_TRANSPORT: mqtt needs MQTT_URL');
  }
  const dataDir = resolveDir(e.DATA_DIR, path.resolve(serverPackageDir, '../../data'), cwd);
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    mqttUrl: e.MQTT_URL,
    mqttClientId: e.MQTT_CLIENT_ID,
    mqttAdminUrl: e.MQTT_ADMIN_URL,
    smtpUrl: e.SMTP_URL,
    telegramApiBase: e.TELEGRAM_API_BASE,
    lineApiBase: e.LINE_API_BASE,
    mailFrom: e.MAIL_FROM,
    mailOutboxDir:
      dataDir === MEMORY_DATA_DIR
        ? path.join(os.tmpdir(), `wattboard-outbox-${process.pid}`)
        : path.join(dataDir, 'outbox'),
    // Never derived from NODE_ENV: a host that leaves NODE_ENV unset (or sets it to
    // development) must not open the test endpoints to every signed-in user.
    devTools: e.DEV_TOOLS,
    trustProxy: e.TRUST_PROXY,
    simulator: e.SIMULATOR === 'on',
    simulatorTransport: e.SIMULATOR_TRANSPORT,
    logLevel: e.LOG_LEVEL,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter((origin) => origin !== ''),
    rawRetentionDays: e.RAW_RETENTION_DAYS,
    metricsToken: e.METRICS_TOKEN,
    publicUrl: e.PUBLIC_URL,
    webDistDir: resolveDir(e.WEB_DIST_DIR, path.resolve(serverPackageDir, '../web/dist'), cwd),
    scryptCost: e.SCRYPT_COST,
    oidcConfigFile:
      e.OIDC_CONFIG_FILE === undefined ? undefined : path.resolve(cwd, e.OIDC_CONFIG_FILE),
  };
}

/**
 * The ingest subscriber's MQTT client id: MQTT_CLIENT_ID, else one stable for
 * this host and port (a restarted instance resumes its broker session), else
 * none (port 0, tests: a random one per start).
 */
export function mqttIngestClientId(config: Config, host: string): string | undefined {
  if (config.mqttClientId) return config.mqttClientId;
  return config.port === 0 ? undefined : `wattboard-ingest-${host}-${config.port}`;
}
