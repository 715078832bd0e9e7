// What other modules may use of the mqtt-access module (issue #25, decision 0075).
export { MQTT_ACCESS_MESSAGES, MqttAccessError, mqttAccessPlugin } from './plugin.ts';
export type { MqttAccess, MqttAccessOptions } from './plugin.ts';
export { gatewayUsername } from './commands.ts';
