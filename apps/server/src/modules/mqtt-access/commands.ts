/**
 * The Mosquitto dynamic-security commands that give a gateway its own MQTT login (issue #25).
 * Pure: they only build JSON; dynsec-client.ts sends it. Command and ACL type names are the
 * plugin's (mosquitto plugins/dynamic-security/README.md). With no matching ACL the plugin denies
 * publishClientSend and subscribe and allows publishClientReceive and unsubscribe, so a role lists
 * only what it allows.
 */

export type AclType =
  | 'publishClientSend'
  | 'publishClientReceive'
  | 'subscribeLiteral'
  | 'subscribePattern'
  | 'unsubscribeLiteral'
  | 'unsubscribePattern';

export interface Acl {
  acltype: AclType;
  topic: string;
  allow: boolean;
  priority?: number;
}

export type DynsecCommand =
  | { command: 'createRole'; rolename: string; textname?: string; acls: Acl[] }
  | { command: 'deleteRole'; rolename: string }
  | {
      command: 'createClient';
      username: string;
      password: string;
      textname?: string;
      roles: { rolename: string; priority?: number }[];
    }
  | { command: 'deleteClient'; username: string }
  | { command: 'setClientPassword'; username: string; password: string }
  | { command: 'addClientRole'; username: string; rolename: string; priority?: number };

/** What the plugin answers for a missing client or role (a delete of one is already done). */
export const NOT_FOUND_ERRORS = new Set(['Client not found', 'Role not found']);

export interface GatewayFactory {
  id: number;
  slug: string;
}

/** The broker login of a gateway; its password is the gateway key. */
export function gatewayUsername(gatewayId: number): string {
  return `gw-${gatewayId}`;
}

/** Its role has the same name (roles and clients are separate namespaces in the plugin). */
export const gatewayRoleName = gatewayUsername;

/**
 * Where the server will send a gateway its own commands: `{prefix}/{factoryId}/gateway/{id}/command/…`.
 * Nothing publishes there yet; the gateway may subscribe to it, and to no other topic.
 */
export function gatewayCommandTopic(prefix: string, factoryId: number, gatewayId: number): string {
  return `${prefix}/${factoryId}/gateway/${gatewayId}/command/#`;
}

/**
 * A gateway of a factory may publish readings of that factory only (its topic names the factory
 * by id or by slug, so both) and subscribe to its own command topic only.
 */
export function gatewayAcls(prefix: string, factory: GatewayFactory, gatewayId: number): Acl[] {
  const command = gatewayCommandTopic(prefix, factory.id, gatewayId);
  return [
    ...[String(factory.id), factory.slug].map((segment): Acl => ({
      acltype: 'publishClientSend',
      topic: `${prefix}/${segment}/meter/+/reading`,
      allow: true,
    })),
    { acltype: 'subscribePattern', topic: command, allow: true },
    { acltype: 'publishClientReceive', topic: command, allow: true },
  ];
}

/** A slug or prefix that would widen a topic pattern (a wildcard, an empty level) is refused. */
function assertTopicSafe(what: string, text: string): void {
  if (
    text === '' ||
    /[+#]/.test(text) ||
    text.includes('\0') ||
    (what === 'slug' && text.includes('/'))
  ) {
    throw new Error(`mqtt-access: ${what} ${JSON.stringify(text)} cannot be part of an ACL topic`);
  }
}

/** Creates the gateway's role and its client (login = gw-<id>, password = its key). */
export function grantGatewayCommands(
  prefix: string,
  factory: GatewayFactory,
  gatewayId: number,
  key: string,
): DynsecCommand[] {
  assertTopicSafe('prefix', prefix);
  assertTopicSafe('slug', factory.slug);
  const name = gatewayUsername(gatewayId);
  return [
    {
      command: 'createRole',
      rolename: gatewayRoleName(gatewayId),
      textname: `Wattboard gateway ${gatewayId} of factory ${factory.id}`,
      acls: gatewayAcls(prefix, factory, gatewayId),
    },
    {
      command: 'createClient',
      username: name,
      password: key,
      textname: `Wattboard gateway ${gatewayId} of factory ${factory.id}`,
      roles: [{ rolename: gatewayRoleName(gatewayId) }],
    },
  ];
}

/** A new key for the same login (a key rotation). */
export function rotateGatewayCommands(gatewayId: number, key: string): DynsecCommand[] {
  return [{ command: 'setClientPassword', username: gatewayUsername(gatewayId), password: key }];
}

/** Deletes the login (the broker disconnects it at once) and its role. */
export function revokeGatewayCommands(gatewayId: number): DynsecCommand[] {
  return [
    { command: 'deleteClient', username: gatewayUsername(gatewayId) },
    { command: 'deleteRole', rolename: gatewayRoleName(gatewayId) },
  ];
}

export const SERVER_ROLE = 'wattboard-server';

/**
 * The server's own account (MQTT_URL): the ingest subscriber's shared subscription to every
 * factory's readings, control's channel commands and states, and (SIMULATOR_TRANSPORT=mqtt) the
 * simulator's readings. Mosquitto 2.0.11 checks a shared subscription with its `$share/{group}/`
 * part (measured), so each subscription is allowed in both forms.
 */
export function serverAcls(prefix: string): Acl[] {
  const reading = `${prefix}/+/meter/+/reading`;
  const state = `${prefix}/+/channel/+/state`;
  return [
    ...[reading, state].flatMap((topic): Acl[] => [
      { acltype: 'subscribePattern', topic, allow: true },
      { acltype: 'subscribePattern', topic: `$share/+/${topic}`, allow: true },
    ]),
    { acltype: 'publishClientSend', topic: reading, allow: true },
    { acltype: 'publishClientSend', topic: `${prefix}/+/channel/+/command`, allow: true },
    { acltype: 'publishClientSend', topic: `${prefix}/+/gateway/+/command/#`, allow: true },
  ];
}

/** Creates the server's role and login (run once when setting the broker up; see docs). */
export function serverAccountCommands(
  prefix: string,
  username: string,
  password: string,
): DynsecCommand[] {
  assertTopicSafe('prefix', prefix);
  return [
    { command: 'createRole', rolename: SERVER_ROLE, acls: serverAcls(prefix) },
    { command: 'createClient', username, password, roles: [{ rolename: SERVER_ROLE }] },
  ];
}
