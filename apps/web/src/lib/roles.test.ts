// @vitest-environment jsdom
import {
  effectiveRole,
  lowestRoleFor,
  roleForbiddenMessage,
  StatusCode,
} from '@wattboard/contract';
import type { Permission } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-errors';
import { i18n } from './i18n';
import { failureText, roleReason, roleRefusal, roleRefusalText } from './roles';
import { shouldRetry } from './query-client';

const PERMISSIONS: Permission[] = ['view', 'operate', 'manage', 'administer'];

const refused = (message: string, httpStatus = 403, statusCode: number = StatusCode.Fail) =>
  new ApiError({ statusCode, message, httpStatus });

describe('role refusals', () => {
  it("read the role and the role needed from every message the contract's server sends", () => {
    for (const role of effectiveRole.options) {
      for (const permission of PERMISSIONS) {
        expect(roleRefusal(refused(roleForbiddenMessage(role, permission)))).toEqual({
          role,
          needed: lowestRoleFor(permission),
        });
      }
    }
  });

  it('are only HTTP 403 Fail answers with the role message', () => {
    const message = roleForbiddenMessage('viewer', 'operate');
    expect(roleRefusal(refused(message, 200))).toBeNull();
    expect(roleRefusal(refused(message, 403, StatusCode.PasswordChangeRequired))).toBeNull();
    expect(roleRefusal(refused('Only the Admin user of this factory can do this.'))).toBeNull();
    expect(roleRefusal(new Error(message))).toBeNull();
    expect(roleRefusal(null)).toBeNull();
  });

  it('read as a sentence in the page’s language, and other failures as the fallback', async () => {
    const error = refused(roleForbiddenMessage('viewer', 'operate'));
    expect(roleRefusalText(error, i18n.t)).toBe(
      "Your role (Viewer) does not allow this: it needs the Operator role. Ask your factory's Admin.",
    );
    expect(failureText(refused('Internal error', 500), i18n.t, 'control.toast.groupFailed')).toBe(
      'The master switch could not be changed.',
    );
    await i18n.changeLanguage('zh');
    expect(failureText(error, i18n.t, 'control.toast.groupFailed')).toBe(
      '您的角色（檢視者）不允許此操作，需要「操作員」角色。請洽詢工廠的 Admin。',
    );
  });

  it('are not retried: the answer would not change', () => {
    expect(shouldRetry(0, refused(roleForbiddenMessage('operator', 'manage')))).toBe(false);
  });
});

describe('roleReason', () => {
  it('tells a viewer it can look, others what they cannot do, and whom to ask for which role', async () => {
    expect(roleReason(i18n.t, 'viewer', 'operate', 'switchLoads')).toBe(
      "Your role (Viewer) can look but not switch loads. Ask your factory's Admin for the Operator role.",
    );
    expect(roleReason(i18n.t, 'operator', 'manage', 'setThresholds')).toBe(
      "Your role (Operator) cannot change alarm thresholds. Ask your factory's Admin for the Manager role.",
    );
    await i18n.changeLanguage('zh');
    expect(roleReason(i18n.t, 'viewer', 'operate', 'switchLoads')).toBe(
      '您的角色（檢視者）只能檢視，不能切換負載。如需此權限，請向工廠的 Admin 申請「操作員」角色。',
    );
  });
});
