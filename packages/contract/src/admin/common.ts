import { z } from 'zod';
import { factoryIdField } from '../channel.ts';
import { withRequestEnvelope } from '../envelope.ts';
import { boundedLine, inputId, inputText } from '../input.ts';
import { isoDateTime, localDate } from '../time.ts';

/**
 * Shared pieces of the Admin calls (issue #13). Every Admin call is a POST
 * with the common request and response envelopes under /v1/Admin/…, needs the token,
 * and answers:
 * - HTTP 403, statusCode 201 Fail and ADMIN_MESSAGES.forbidden for anyone but
 *   the factory's Admin user (never data);
 * - HTTP 400, statusCode 201 and a message naming the field for bad input;
 * - HTTP 200 with statusCode 1008 FactoryNotFound for another factory's
 *   `factoryId`, and 1001 / 1009 / 1011 for an id (user / node / anything
 *   else) that is not the caller's factory's: its existence is not revealed;
 * - HTTP 200 with statusCode 201 Fail and a message for a refused change
 *   (e.g. disabling yourself).
 * `factoryId` 0 (the default) means the caller's own factory.
 */
export const ADMIN_MESSAGES = {
  forbidden: 'Only the Admin user of this factory can do this.',
  factoryNotFound: 'This factory does not exist or is not yours.',
  userNotFound: 'No such user in this factory.',
  nodeNotFound: 'No such monitoring point in this factory.',
  notFound: 'Not found in this factory.',
  emailTaken: 'This e-mail is already registered.',
  usernameTaken: 'A user with this name already exists in this factory.',
  notYourself: 'You cannot disable your own account.',
  adminStaysActive: 'The Admin user cannot be disabled.',
  adminRoleFixed: 'The Admin user may do everything; its role cannot be changed.',
  wrongPassword: 'The current password is incorrect.',
  samePassword: 'The new password must differ from the current one.',
  serialTaken: 'Another monitoring point of this factory already has this serial.',
  badParent: 'This parent cannot hold this kind of monitoring point.',
  cycle: 'A monitoring point cannot be moved under itself or its own children.',
  hasActiveChildren: 'Retire or move its active children first.',
  retired: 'This monitoring point is retired; restore it first.',
  gatewayRevoked: 'This gateway is already revoked.',
  announcementOver: 'This announcement has already ended.',
  platformAnnouncement: 'Platform-wide announcements cannot be changed here.',
  mailNotFailed: 'Only a failed mail can be retried.',
  deliveryNotFailed: 'Only a failed delivery can be retried.',
  billingPointNested:
    'A billing point cannot be above or below another billing point: its energy would be billed twice.',
  notBillingPoint: 'This monitoring point is not a billing point.',
  otherContractsNeedRegular:
    'Half-peak, non-summer, Saturday half-peak and off-peak contracts need a regular contract capacity too.',
  otherContractsNotInTariff:
    'The tariff in force has no basic rate for one of these contract types (half-peak is for three-stage, non-summer for two-stage tariffs).',
  contractChangeFuture:
    'Contract terms can change from the first day of the current billing period at the latest.',
  contractChangeNotReadingDay:
    'Contract terms change on a meter-reading day: pick the first day of a billing period.',
  billingPointMain:
    'The main billing point is the first top-level monitoring point; it cannot be removed.',
  jobRunning: 'A recomputation is already running for this factory; wait for it to finish.',
  noSuchPerson: 'Nobody has an account with this e-mail.',
  alreadyMember: 'This person already belongs to this factory.',
  adminHomeOnly:
    "Another factory's Admin user cannot be added: it belongs to its own factory only.",
  ownPersonStays:
    "This person's account belongs to this factory: disable it instead of removing it.",
  accountElsewhere:
    "This person's account belongs to another factory, whose Admin manages its password and status. Remove the person from this factory instead.",
  passwordChangeRequired:
    'Choose a new password first: this account still has a one-time password.',
  passwordTooCommon: 'This password is one of the most common passwords; choose another.',
  passwordContainsEmail: 'This password is too close to your e-mail address; choose another.',
  passwordContainsProductName: 'This password is too close to the name Wattboard; choose another.',
} as const;

/**
 * Passwords a person chooses: the sign-in rule (at least 8 characters) plus a sane maximum.
 * The server also refuses the most common passwords and ones built on the
 * user's e-mail or the product's name (201 Fail with ADMIN_MESSAGES.password…):
 * that list is too large to ship to the browser.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
export const newPassword = z
  .string({ error: 'newPassword is required' })
  .min(PASSWORD_MIN, `newPassword must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `newPassword must be at most ${PASSWORD_MAX} characters`)
  .pipe(inputText);

/** Names people and things get (users, nodes, gateways, factories): one line, no controls. */
export const NAME_MAX = 100;
export const nameText = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .pipe(boundedLine(NAME_MAX, `${field} is at most ${NAME_MAX} characters`));

/** Lists page newest first: `limit` rows, then the next page with `beforeId` = nextBeforeId. */
export const ADMIN_PAGE_DEFAULT = 100;
export const ADMIN_PAGE_MAX = 500;
export const pageFields = {
  limit: z
    .number()
    .int()
    .min(1, 'limit must be at least 1')
    .max(ADMIN_PAGE_MAX, `limit must be at most ${ADMIN_PAGE_MAX}`)
    .default(ADMIN_PAGE_DEFAULT),
  /** Only rows with a smaller id (the previous page's nextBeforeId). */
  beforeId: inputId.optional(),
};
/** Null when there is no further page. */
export const nextBeforeId = z.number().int().nullable();

/**
 * Factory-local days (yyyy-MM-dd), both inclusive; either may be absent.
 * `from` after `to` is refused naming `to`.
 */
export const dayRangeFields = {
  from: localDate.optional(),
  to: localDate.optional(),
};
export const dayRangeOrdered = {
  check: (v: { from?: string | undefined; to?: string | undefined }) =>
    v.from === undefined || v.to === undefined || v.from <= v.to,
  message: { message: 'to must not be before from', path: ['to'] },
};

/** Language of an export's headers. */
export const adminExportLang = z.enum(['en', 'zh-TW'], { error: 'lang must be en or zh-TW' });

/** Request of an Admin call: envelope, factoryId (0 = own), the call's own fields. */
export function adminRequest<T extends z.ZodRawShape>(shape: T) {
  return withRequestEnvelope({ factoryId: factoryIdField, ...shape });
}

export const nullableIsoDateTime = isoDateTime.nullable();
