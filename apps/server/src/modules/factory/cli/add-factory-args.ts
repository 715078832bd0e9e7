import { parseArgs } from 'node:util';
import { z } from 'zod';
import { PASSWORD_MIN, singleLineText } from '@wattboard/contract';
import { passwordPolicyMessage, ADMIN_USERNAME } from '../../auth/index.ts';

/**
 * What `factory:add` creates: a factory, its Admin user (the first user is
 * always named Admin: the name is what makes a user its factory's
 * administrator, see modules/auth/admin-rule.ts), one meter and a gateway key.
 */
export interface AddFactoryInput {
  slug: string;
  name: string;
  nameZh: string;
  timeZone: string;
  email: string;
  password: string;
  meterSerial: string;
}

/** Why another first user's name is refused, and what to do instead. */
export const FIRST_USER_IS_ADMIN = `the first user of a new factory is its Admin and is named ${ADMIN_USERNAME}: leave --username out (or pass --username ${ADMIN_USERNAME}), then add the other users from the Admin page`;

// Names go into mails, the audit log and exports: one line, as the contract's names.
const oneLineName = z.string().trim().min(1, 'required').pipe(singleLineText);

const inputSchema = z
  .object({
    slug: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'lower-case letters, digits and dashes'),
    name: oneLineName,
    nameZh: oneLineName,
    timeZone: z.string().refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'an IANA time zone such as Asia/Taipei'),
    email: z.email('a valid e-mail').transform((email) => email.toLowerCase()),
    username: z.literal(ADMIN_USERNAME, { error: FIRST_USER_IS_ADMIN }),
    password: z.string().min(PASSWORD_MIN, `at least ${PASSWORD_MIN} characters`),
    meterSerial: z.string().trim().min(1, 'required'),
  })
  .superRefine((input, ctx) => {
    // The same rule as "change my password": this password guards the factory's Admin.
    const refused = passwordPolicyMessage(input.password, input.email);
    if (refused && input.password.length >= PASSWORD_MIN) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: refused });
    }
  });

export const ADD_FACTORY_USAGE = `Usage: npm run factory:add -- --slug acme --name "Acme Plant" [--name-zh 名稱]
  [--time-zone Asia/Taipei] --email manager@acme.example --password <at least 8 chars>
  [--meter-serial ACME-M01]
The e-mail signs in as the factory's Admin user. The password must not be a common
one, nor built on the e-mail or the name Wattboard.`;

/** Parses the command line; throws an Error naming every bad option. */
export function parseAddFactoryArgs(argv: string[]): AddFactoryInput {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      slug: { type: 'string' },
      name: { type: 'string' },
      'name-zh': { type: 'string' },
      'time-zone': { type: 'string' },
      email: { type: 'string' },
      username: { type: 'string' },
      password: { type: 'string' },
      'meter-serial': { type: 'string' },
    },
  });
  const slug = values.slug ?? '';
  const result = inputSchema.safeParse({
    slug,
    name: values.name ?? '',
    nameZh: values['name-zh'] ?? values.name ?? '',
    timeZone: values['time-zone'] ?? 'Asia/Taipei',
    email: values.email ?? '',
    username: values.username ?? ADMIN_USERNAME,
    password: values.password ?? '',
    meterSerial: values['meter-serial'] ?? `${slug.toUpperCase()}-M01`,
  });
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) =>
        `--${String(issue.path[0]).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${issue.message}`,
    );
    throw new Error(`${problems.join('\n')}\n${ADD_FACTORY_USAGE}`);
  }
  const { username: _admin, ...input } = result.data;
  return input;
}
