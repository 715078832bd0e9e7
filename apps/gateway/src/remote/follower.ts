import {
  GATEWAY_CLOCK_WARN_MS,
  type GatewayBusTiming,
  type GatewayConfigResponse,
  type GatewayMeterHealth,
} from '@wattboard/contract/gateway-config';
import { readCachedConfig, writeCachedConfig } from './cache.ts';

import { pullConfig } from './pull.ts';
import { reportHealth } from './report-health.ts';
import { fromServer, type BusTiming, type ServerLayout } from './to-local.ts';

export interface FollowerOptions {
  serverUrl: string;
  gatewayKey: string;
  /** Where the last good configuration is kept. */
  cacheFile: string;
  pullIntervalMs: number;
  requestTimeoutMs: number;
  busTiming: BusTiming;
  /** Applies a layout to the running meters; answers the change lines. */
  apply: (layout: ServerLayout) => string[];
  log: (message: string) => void;
  /** The running meters' health and buses, sent after every pull (absent: nothing is reported). */
  health?: () => { meters: GatewayMeterHealth[]; buses: GatewayBusTiming[] };
}

/**
 * Follows the server's configuration: at start the cached one (so polling starts even while the
 * server is unreachable), then a pull at once and every `pullIntervalMs`. A changed configuration
 * is applied, logged meter by meter, and cached; a failed pull keeps what runs and is logged when
 * its error changes.
 */
export class ConfigFollower {
  version: string | undefined;
  readonly stats = { pulls: 0, changes: 0, failures: 0, reports: 0, reportFailures: 0 };
  /** Gateway clock minus server clock from the last health reply (ms); null before one. */
  clockOffsetMs: number | null = null;
  private lastError: string | undefined;
  private lastReportError: string | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly options: FollowerOptions;

  constructor(options: FollowerOptions) {
    this.options = options;
  }

  /** Applies the cached configuration, if any; true when there was one. */
  loadCache(): boolean {
    const cached = readCachedConfig(this.options.cacheFile);
    if (!cached) return false;
    this.use(cached, 'cached');
    return true;
  }

  async pullOnce(): Promise<'changed' | 'unchanged' | 'failed'> {
    this.stats.pulls++;
    try {
      const { serverUrl, gatewayKey, requestTimeoutMs } = this.options;
      const result = await pullConfig({
        serverUrl,
        gatewayKey,
        version: this.version,
        timeoutMs: requestTimeoutMs,
      });
      if (this.lastError !== undefined) this.options.log('config: the server answers again');
      this.lastError = undefined;
      if (result.status === 'unchanged') return 'unchanged';
      this.use(result.config, 'from the server');
      writeCachedConfig(this.options.cacheFile, result.config);
      return 'changed';
    } catch (error) {
      this.stats.failures++;
      const message = (error as Error).message;
      if (message !== this.lastError) {
        this.options.log(
          `config: pull failed, keeping version ${this.version ?? 'none'}: ${message}`,
        );
      }
      this.lastError = message;
      return 'failed';
    }
  }

  /** The cache, a first pull, then a pull every interval until stop(). */
  async start(): Promise<void> {
    this.loadCache();
    await this.pullOnce();
    const loop = () => {
      if (this.stopped) return;
      this.timer = setTimeout(
        () =>
          void this.pullOnce()
            .then(() => this.reportOnce())
            .then(loop),
        this.options.pullIntervalMs,
      );
    };
    await this.reportOnce();
    loop();
  }

  /** Sends the meters' health with the key and keeps the clock offset the reply gives. */
  async reportOnce(): Promise<boolean> {
    const health = this.options.health;
    if (!health || this.stopped) return false;
    try {
      const { serverUrl, gatewayKey, requestTimeoutMs } = this.options;
      const result = await reportHealth({
        serverUrl,
        gatewayKey,
        timeoutMs: requestTimeoutMs,
        clockOffsetMs: this.clockOffsetMs,
        ...health(),
      });
      this.stats.reports++;
      this.lastReportError = undefined;
      const wasOff =
        this.clockOffsetMs !== null && Math.abs(this.clockOffsetMs) > GATEWAY_CLOCK_WARN_MS;
      this.clockOffsetMs = result.clockOffsetMs;
      // Readings are stamped with this PC's clock: say so once when it drifts, not every 30 s.
      if (!wasOff && Math.abs(result.clockOffsetMs) > GATEWAY_CLOCK_WARN_MS) {
        this.options.log(
          `health: this PC's clock is ${(result.clockOffsetMs / 1000).toFixed(1)} s off the server's; readings are stamped with it — set up time sync (NTP)`,
        );
      }
      return true;
    } catch (error) {
      this.stats.reportFailures++;
      const message = (error as Error).message;
      if (message !== this.lastReportError) this.options.log(`health: report failed: ${message}`);
      this.lastReportError = message;
      return false;
    }
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private use(config: GatewayConfigResponse, origin: string): void {
    if (this.stopped) return;
    const layout = fromServer(config, this.options.busTiming);
    const changes = this.options.apply(layout);
    this.version = config.version;
    this.stats.changes++;
    const summary = `${layout.meters.length} meter(s) on ${layout.buses.length} bus(es)`;
    this.options.log(`config: version ${config.version} ${origin}: ${summary}`);
    for (const line of [...changes, ...layout.skipped]) this.options.log(`config: ${line}`);
  }
}
