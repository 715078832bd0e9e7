import { describe } from 'vitest';
import { backends } from '../helpers/backends.ts';
import { securitySuite } from './security-suite.ts';

// Like every integration suite: on PostgreSQL only when TEST_DATABASE_URL is set.
if (backends.includes('postgres')) securitySuite('postgres');
else describe.skip('security suite on postgres (TEST_DATABASE_URL is not set)', () => {});
