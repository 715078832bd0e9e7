import { securitySuite } from './security-suite.ts';

securitySuite('pglite');
