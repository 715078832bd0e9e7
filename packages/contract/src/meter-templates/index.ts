/**
 * `@wattboard/contract/meter-templates`: the meter-template format, its zod schema and the shipped
 * templates (docs/gateway.md, docs/decisions/0066-gateway-config-from-server.md). Node only: the
 * loader reads packages/contract/meter-templates/*.json, so the main index does not export it and
 * the web client gets the template list from the server.
 */
export * from './format.ts';
export * from './schema.ts';
export * from './load.ts';
export * from './summary.ts';
