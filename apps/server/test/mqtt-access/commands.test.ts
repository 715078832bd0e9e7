import { describe, expect, it } from 'vitest';
import {
  gatewayAcls,
  gatewayCommandTopic,
  grantGatewayCommands,
  revokeGatewayCommands,
  rotateGatewayCommands,
  serverAccountCommands,
} from '../../src/modules/mqtt-access/commands.ts';
import { ConfigError, parseConfig } from '../../src/platform/config.ts';

const FACTORY = { id: 7, slug: 'taoyuan' };

describe('dynamic-security commands for a gateway', () => {
  it('lets it publish its factory’s readings (by id and by slug) and read only its command topic', () => {
    expect(gatewayAcls('wattboard', FACTORY, 42)).toEqual([
      { acltype: 'publishClientSend', topic: 'wattboard/7/meter/+/reading', allow: true },
      { acltype: 'publishClientSend', topic: 'wattboard/taoyuan/meter/+/reading', allow: true },
      { acltype: 'subscribePattern', topic: 'wattboard/7/gateway/42/command/#', allow: true },
      { acltype: 'publishClientReceive', topic: 'wattboard/7/gateway/42/command/#', allow: true },
    ]);
    expect(gatewayCommandTopic('a/b', 7, 42)).toBe('a/b/7/gateway/42/command/#');
  });

  it('creates its role first, then its login gw-<id> with the key as password and that role', () => {
    const commands = grantGatewayCommands('wattboard', FACTORY, 42, 'the-key');
    expect(commands.map((c) => c.command)).toEqual(['createRole', 'createClient']);
    expect(commands[0]).toMatchObject({ rolename: 'gw-42' });
    expect(commands[1]).toMatchObject({
      username: 'gw-42',
      password: 'the-key',
      roles: [{ rolename: 'gw-42' }],
    });
  });

  it('rotates the password of the same login, and revokes login and role', () => {
    expect(rotateGatewayCommands(42, 'new-key')).toEqual([
      { command: 'setClientPassword', username: 'gw-42', password: 'new-key' },
    ]);
    expect(revokeGatewayCommands(42)).toEqual([
      { command: 'deleteClient', username: 'gw-42' },
      { command: 'deleteRole', rolename: 'gw-42' },
    ]);
  });

  it('refuses a slug or prefix that would widen the topic patterns', () => {
    for (const slug of ['+', '#', 'a/b', '', 'x\0']) {
      expect(() => grantGatewayCommands('wattboard', { id: 1, slug }, 1, 'k')).toThrow(
        /cannot be part of an ACL topic/,
      );
    }
    expect(() => grantGatewayCommands('w/#', FACTORY, 1, 'k')).toThrow(/prefix/);
  });

  it('gives the server account its subscriptions in plain and shared form', () => {
    const [role, client] = serverAccountCommands('wattboard', 'server', 'pw');
    expect(role).toMatchObject({ command: 'createRole', rolename: 'wattboard-server' });
    const topics = role?.command === 'createRole' ? role.acls.map((a) => a.topic) : [];
    expect(topics).toContain('wattboard/+/meter/+/reading');
    expect(topics).toContain('$share/+/wattboard/+/meter/+/reading');
    expect(topics).toContain('$share/+/wattboard/+/channel/+/state');
    expect(client).toMatchObject({ username: 'server', roles: [{ rolename: 'wattboard-server' }] });
  });
});

describe('MQTT_ADMIN_URL', () => {
  it('is optional, and read when it is an MQTT URL with a user and password', () => {
    expect(parseConfig({}).mqttAdminUrl).toBeUndefined();
    expect(parseConfig({ MQTT_ADMIN_URL: '' }).mqttAdminUrl).toBeUndefined();
    expect(
      parseConfig({ MQTT_ADMIN_URL: 'mqtts://admin:s3cret@broker.internal:8883' }).mqttAdminUrl,
    ).toBe('mqtts://admin:s3cret@broker.internal:8883');
  });

  it('refuses another scheme or a URL without credentials, never echoing the password', () => {
    expect(() => parseConfig({ MQTT_ADMIN_URL: 'mqtt://broker.internal:1883' })).toThrow(
      /MQTT_ADMIN_URL: expected the broker admin account as mqtt:\/\/user:password@host:port/,
    );
    let error: unknown;
    try {
      parseConfig({ MQTT_ADMIN_URL: 'http://admin:s3cret@broker.internal' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(String(error)).toMatch(/MQTT_ADMIN_URL: expected an mqtt:\/\/, mqtts:\/\/, ws:\/\//);
    expect(String(error)).not.toContain('s3cret');
  });
});
