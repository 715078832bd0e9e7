import { EXAMPLE_TEMPLATE } from '@wattboard/contract';
import { MISSING, type CrossTenantRequest } from './case-kit.ts';
import { adminCall } from './cross-tenant-admin.ts';
import type { Tenants } from './tenants.ts';

/** Admin › Gateways › Templates (decision 0088): B's template and gateway are not A's to reach. */
export function templateCases(t: Tenants): Record<string, CrossTenantRequest[]> {
  const { b } = t;
  const definition = EXAMPLE_TEMPLATE;
  const readNow = {
    gatewayId: b.gatewayId,
    meterId: null,
    transport: { kind: 'tcp', host: '10.0.0.9', port: 502 },
    unitId: 1,
    definition,
  };
  return {
    ...adminCall('/v1/Admin/Gateway/Template/List', t, {}, [{ body: {}, expect: 'own' }]),
    ...adminCall('/v1/Admin/Gateway/Template/Save', t, { templateId: null, definition }, [
      { body: { templateId: b.templateId, definition }, expect: MISSING },
    ]),
    ...adminCall('/v1/Admin/Gateway/Template/Remove', t, { templateId: b.templateId }, [
      { body: { templateId: b.templateId }, expect: MISSING },
    ]),
    // B's gateway is not found: nothing is handed to it.
    ...adminCall('/v1/Admin/Gateway/Template/ReadNow', t, readNow, [
      { body: readNow, expect: MISSING },
    ]),
  };
}
