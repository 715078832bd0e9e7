import type { EffectiveRole } from '@wattboard/contract';
import { envelope } from './network';

/** Test-only: the signed-in user's /v1/User/Account answer, with the role under test. */
export function accountBody(role: EffectiveRole, email = 'demo@wattboard.local') {
  return {
    ...envelope(email, '/v1/User/Account'),
    userId: 1,
    username: role === 'admin' ? 'Admin' : 'demo',
    isAdmin: role === 'admin',
    role,
    mustChangePassword: false,
    lastSignInAt: null,
  };
}
