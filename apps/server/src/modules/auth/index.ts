// What other modules may use of the auth module: lint forbids reaching past this file.
export { actorOf, registerAdminCall } from './admin-call.ts';
export { registerAdminExport } from './admin-export.ts';
export { ADMIN_USERNAME, isFactoryAdmin } from './admin-rule.ts';
export { resolveFactoryId } from './factory-access.ts';
export { effectiveRoleOf, permissionOfRoute, roleRefusal } from './role-gate.ts';
export { generateOneTimePassword } from './one-time-password.ts';
export { passwordPolicyMessage } from './password-policy.ts';
export { hashPassword, scryptParams, type ScryptParams, verifyPassword } from './password.ts';
export {
  type AuthContext,
  findSession,
  PASSWORD_CHANGE_REQUIRED,
  sessionMayCall,
} from './plugin.ts';
export {
  authenticatedCaller,
  businessFailure,
  type BusinessFailure,
  okEnvelope,
  registerCall,
  registerCallerCall,
  registerFactoryCall,
} from './register-call.ts';
export { SignInAttempts } from './repo/attempts.ts';
export { retryAfterSeconds, tooManyAttemptsMessage } from './sign-in-limiter.ts';
// Single sign-on starts and ends sessions exactly as a password sign-in does.
export { insertSession, revokeSession } from './repo/sessions.ts';
export { DisabledMeanwhile, recordSignIn } from './repo/sign-in-audit.ts';
