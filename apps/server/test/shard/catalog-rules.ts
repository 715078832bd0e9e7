/**
 * The rules Citus needs to distribute the tenant tables by factory_id and
 * co-locate them (issue #16), as a pure check over what the catalog says.
 * A tenant table is any table with a factory_id column that is not one of the
 * deliberate reference tables below; every other table must be listed there,
 * so a new table is classified on purpose, never by accident.
 */

/** Tables replicated whole to every node (Citus reference tables), and why. */
export const REFERENCE_TABLES: Readonly<Record<string, string>> = {
  factories: 'the tenants themselves; every node needs the list (time zone, slug) to join with',
  schema_migrations: 'the migration log of the whole database',
  server_secrets: 'secrets every instance shares (hub token signing, download links)',
  sign_in_attempts: 'counted per address and account before any factory is known',
  users:
    'sign-in finds the account by e-mail before the factory is known, and e-mail is unique across the platform',
  factory_memberships:
    'a session lookup (by token hash) reads its role, and a person lists their factories by user, before the factory is known',
  sessions: 'a bearer token is looked up by its hash before the factory is known',
  sso_sign_ins:
    "a single sign-on callback's state is looked up by its hash before the factory is known",
  gateways:
    'an ingest key is looked up by its hash before the factory is known (unique platform-wide)',
  announcements: 'factory_id NULL is a platform-wide announcement, shown to every factory',
};

export interface CatalogTable {
  name: string;
  columns: string[];
  notNull: string[];
}

export interface CatalogIndex {
  table: string;
  name: string;
  primary: boolean;
  /** Key columns only (INCLUDE columns do not make a key unique); null for an expression. */
  columns: (string | null)[];
}

export interface CatalogForeignKey {
  table: string;
  name: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
}

export interface Catalog {
  tables: CatalogTable[];
  /** Unique indexes (primary keys included). */
  uniqueIndexes: CatalogIndex[];
  foreignKeys: CatalogForeignKey[];
}

export interface ShardViolation {
  table: string;
  rule: string;
}

const TENANT_KEY = 'factory_id';

export function tenantTables(
  tables: CatalogTable[],
  reference: Readonly<Record<string, string>> = REFERENCE_TABLES,
): Set<string> {
  return new Set(
    tables
      .filter((table) => table.columns.includes(TENANT_KEY) && !(table.name in reference))
      .map((table) => table.name),
  );
}

/** Every way the catalog breaks the rules; empty when the schema can be sharded. */
export function shardViolations(
  catalog: Catalog,
  reference: Readonly<Record<string, string>> = REFERENCE_TABLES,
): ShardViolation[] {
  const violations: ShardViolation[] = [];
  const tenants = tenantTables(catalog.tables, reference);
  const names = new Set(catalog.tables.map((table) => table.name));

  for (const name of Object.keys(reference)) {
    if (!names.has(name)) violations.push({ table: name, rule: 'listed as reference but missing' });
  }
  for (const table of catalog.tables) {
    if (!tenants.has(table.name) && !(table.name in reference)) {
      violations.push({
        table: table.name,
        rule: 'has no factory_id and is not a listed reference table',
      });
    }
    if (tenants.has(table.name) && !table.notNull.includes(TENANT_KEY)) {
      violations.push({ table: table.name, rule: 'factory_id may be NULL' });
    }
  }
  for (const table of tenants) {
    const indexes = catalog.uniqueIndexes.filter((index) => index.table === table);
    if (!indexes.some((index) => index.primary)) {
      violations.push({ table, rule: 'has no primary key' });
    }
    for (const index of indexes) {
      if (!index.columns.includes(TENANT_KEY)) {
        const kind = index.primary ? 'primary key' : 'unique index';
        violations.push({ table, rule: `${kind} ${index.name} lacks factory_id` });
      }
    }
  }
  for (const fk of catalog.foreignKeys) {
    if (!tenants.has(fk.table) || !tenants.has(fk.refTable)) continue;
    const at = fk.columns.indexOf(TENANT_KEY);
    if (at < 0 || fk.refColumns[at] !== TENANT_KEY) {
      violations.push({
        table: fk.table,
        rule: `foreign key ${fk.name} to ${fk.refTable} does not pair factory_id with factory_id`,
      });
    }
  }
  return violations;
}
