// The soak's MQTT side: a gateway sending the soak meter's readings (each out
// of range; the soak resolves every event, so the next opens a new one), an observer that
// sees every reading the broker accepted (the simulator's too), and the
// control devices that answer commands and now and then get switched by hand.
import mqtt, { type MqttClient } from 'mqtt';

export interface Feeder {
  /** `serial|ISO ts` of every reading the broker acknowledged (QoS 1 PUBACK) or delivered to us. */
  acknowledged: Set<string>;
  /** Breach ts (ISO) → Date.now() when it was published. */
  breaches: Map<string, number>;
  /** Publishes still waiting for their PUBACK. */
  pending(): number;
  commands: { channelId: number; commandId: number; state: string; at: number }[];
  flips: number;
  stopFeeding(): void;
  close(): Promise<void>;
}

interface FeederOptions {
  url: string;
  factoryId: number;
  meterSerial: string;
  intervalMs: number;
  /** Channels a person may switch by hand (the scheduler must switch them back). */
  flipChannels: { factory: string; id: number; status: string }[];
  flipEveryMs: number;
}

function reading(serial: string, ts: string, voltage: number) {
  const phase = { voltage, current: 10, kw: 2.2, pf: 0.95 };
  return { serial, ts, phases: { a: phase, b: phase, c: phase }, kwhForward: null };
}

const connect = (url: string, clientId: string, clean = true, reconnectPeriod = 1000): MqttClient =>
  mqtt.connect(url, {
    clientId,
    clean,
    protocolVersion: 5,
    reconnectPeriod,
    ...(clean ? {} : { properties: { sessionExpiryInterval: 3600 } }),
  });

export async function startFeeder(options: FeederOptions): Promise<Feeder> {
  const tag = Math.random().toString(36).slice(2, 8);
  // Persistent, as a real gateway: a publish in flight when the broker restarts is sent again.
  // It retries every 5 s, as gateways back off. Mosquitto (2.0.11 measured) does not queue for
  // sessions restored from its database until their client reconnects, so a reading published
  // in the second or two before the instances are back is acknowledged and dropped: a gateway
  // retrying every second lost one that way in one run of seven (docs/decisions/0055-soak-test.md).
  const gateway = connect(options.url, `soak-gateway-${tag}`, false, 5000);
  const observer = connect(options.url, `soak-observer-${tag}`, false);
  const devices = connect(options.url, `soak-devices-${tag}`, false);
  for (const client of [gateway, observer, devices]) client.on('error', () => undefined);
  const feeder: Feeder = {
    acknowledged: new Set(),
    breaches: new Map(),
    pending: () => inFlight,
    commands: [],
    flips: 0,
    stopFeeding: () => (clearInterval(feedTimer), clearInterval(flipTimer)),
    async close() {
      feeder.stopFeeding();
      await Promise.all([gateway, observer, devices].map((c) => c.endAsync(true)));
    },
  };

  observer.on('message', (_topic, payload) => {
    try {
      const body = JSON.parse(payload.toString()) as {
        readings?: { serial: string; ts: string }[];
      };
      for (const r of body.readings ?? []) {
        feeder.acknowledged.add(`${r.serial}|${new Date(r.ts).toISOString()}`);
      }
    } catch {
      // not ours to judge
    }
  });
  await observer.subscribeAsync('wattboard/+/meter/+/reading', { qos: 1 });

  const states = new Map(options.flipChannels.map((c) => [c.id, c.status]));
  devices.on('message', (topic, payload) => {
    const [, factory, , id] = topic.split('/');
    const command = JSON.parse(payload.toString()) as { commandId: number; state: string };
    const channelId = Number(id);
    feeder.commands.push({ channelId, ...command, at: Date.now() });
    states.set(channelId, command.state);
    void devices.publishAsync(
      `wattboard/${factory}/channel/${id}/state`,
      JSON.stringify({ commandId: command.commandId, state: command.state }),
      { qos: 1 },
    );
  });
  await devices.subscribeAsync('wattboard/+/channel/+/command', { qos: 1 });

  let inFlight = 0;
  let lastTs = 0;
  const feedTimer = setInterval(() => {
    const ms = Math.floor(Date.now() / 1000) * 1000;
    if (ms <= lastTs) return;
    lastTs = ms;
    const ts = new Date(ms).toISOString();
    const body = { readings: [reading(options.meterSerial, ts, 250 + ((ms / 1000) % 50))] };
    feeder.breaches.set(ts, Date.now());
    inFlight += 1;
    gateway
      .publishAsync(
        `wattboard/${options.factoryId}/meter/${options.meterSerial}/reading`,
        JSON.stringify(body),
        { qos: 1 },
      )
      .then(() => feeder.acknowledged.add(`${options.meterSerial}|${ts}`))
      .catch(() => undefined)
      .finally(() => (inFlight -= 1));
  }, options.intervalMs);

  let flipIndex = 0;
  const flipTimer = setInterval(() => {
    const channel = options.flipChannels[flipIndex++ % Math.max(1, options.flipChannels.length)];
    if (!channel) return;
    const now = states.get(channel.id) ?? 'on';
    feeder.flips += 1;
    void devices.publishAsync(
      `wattboard/${channel.factory}/channel/${channel.id}/state`,
      JSON.stringify({ state: now === 'on' ? 'off' : 'on' }),
      { qos: 1 },
    );
  }, options.flipEveryMs);

  return feeder;
}
