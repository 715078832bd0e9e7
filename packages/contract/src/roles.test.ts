import { describe, expect, it } from 'vitest';
import {
  lowestRoleFor,
  roleAllows,
  roleForbiddenMessage,
  ROUTE_PERMISSIONS,
  routePermission,
  userRole,
} from './roles.ts';

describe('roles', () => {
  it('each role has what the roles below it have, and no more', () => {
    const table = (['viewer', 'operator', 'manager', 'admin'] as const).map((role) =>
      (['view', 'operate', 'manage', 'administer'] as const).map((p) => roleAllows(role, p)),
    );
    expect(table).toEqual([
      [true, false, false, false],
      [true, true, false, false],
      [true, true, true, false],
      [true, true, true, true],
    ]);
  });

  it('names the lowest role a refusal should ask for', () => {
    expect(lowestRoleFor('operate')).toBe('operator');
    expect(lowestRoleFor('administer')).toBe('admin');
    expect(roleForbiddenMessage('viewer', 'operate')).toBe(
      "Your role (viewer) may not do this: it needs the operator role. Ask your factory's Admin.",
    );
  });

  it('gives every Admin route administer and refuses to guess an unknown one', () => {
    expect(routePermission('POST', '/v1/Admin/User/Role')).toBe('administer');
    expect(routePermission('POST', '/v1/Channel/Group/Update')).toBe('operate');
    expect(routePermission('GET', '/v1/Channel/Group/Update')).toBeUndefined();
    expect(routePermission('POST', '/v1/Something/New')).toBeUndefined();
    // Switching and settings are never a viewer's.
    expect(ROUTE_PERMISSIONS['POST /v1/Web/Setting/Alarm/Update']).toBe('manage');
    expect(ROUTE_PERMISSIONS['PUT /v1/Event/{id}/resolve']).toBe('operate');
  });

  it('accepts only the three stored roles, with a message naming them', () => {
    expect(userRole.safeParse('operator').success).toBe(true);
    const admin = userRole.safeParse('admin');
    expect(admin.success).toBe(false);
    expect(admin.error?.issues[0]?.message).toBe('role must be viewer, operator or manager');
  });
});
