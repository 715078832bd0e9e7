import { parseArgs } from 'node:util';
import { z } from 'zod';

/** What `factory:add` creates: a factory, its first user, one meter and a gateway key. */
export interface AddFactoryInput {
  slug: string;
  name: string;
  nameZh: string;
  timeZone: string;
  email: string;
  username: string;
  password: string;
  meterSerial: string;
}

const inputSchema = z.object({
  slug: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'lower-case letters, digits and dashes'),
  name: z.string().trim().min(1, 'required'),
  nameZh: z.string().trim().min(1, 'required'),
  timeZone: z.string().refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'an IANA time zone such as Asia/Taipei'),
  email: z.email('a valid e-mail').transform((email) => email.toLowerCase()),
  username: z.string().trim().min(1, 'required'),
  password: z.string().min(8, 'at least 8 characters'),
  meterSerial: z.string().trim().min(1, 'required'),
});

export const ADD_FACTORY_USAGE = `Usage: npm run factory:add -- --slug acme --name "Acme Plant" [--name-zh 名稱]
  [--time-zone Asia/Taipei] --email manager@acme.example --password <at least 8 chars>
  [--username Manager] [--meter-serial ACME-M01]`;

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
    username: values.username ?? values.email?.split('@')[0] ?? '',
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
  return result.data;
}
