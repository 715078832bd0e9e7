import type { Queryable } from '../../src/platform/db/db.ts';
import type { Catalog, CatalogForeignKey, CatalogIndex, CatalogTable } from './catalog-rules.ts';

/**
 * Reads tables, unique indexes and foreign keys of the current schema from
 * PostgreSQL's catalog (pg_class, pg_index, pg_constraint). Arrays come back
 * as text[] so PGlite and node-postgres give the same shapes.
 */
export async function readCatalog(db: Queryable): Promise<Catalog> {
  const tables = await db.query<CatalogTable>(
    `SELECT c.relname::text AS name,
            array(SELECT a.attname::text FROM pg_attribute a
                   WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
                   ORDER BY a.attnum) AS columns,
            array(SELECT a.attname::text FROM pg_attribute a
                   WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
                     AND a.attnotnull ORDER BY a.attnum) AS "notNull"
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
      ORDER BY 1`,
  );
  const uniqueIndexes = await db.query<CatalogIndex>(
    `SELECT t.relname::text AS table, i.relname::text AS name, x.indisprimary AS primary,
            array(SELECT (SELECT a.attname::text FROM pg_attribute a
                           WHERE a.attrelid = t.oid AND a.attnum = x.indkey[k])
                    FROM generate_series(0, x.indnkeyatts - 1) AS k ORDER BY k) AS columns
       FROM pg_index x
       JOIN pg_class t ON t.oid = x.indrelid
       JOIN pg_class i ON i.oid = x.indexrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = current_schema() AND x.indisunique
      ORDER BY 1, 2`,
  );
  const foreignKeys = await db.query<CatalogForeignKey>(
    `SELECT t.relname::text AS table, c.conname::text AS name, r.relname::text AS "refTable",
            array(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY AS k (num, o)
                    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.num
                   ORDER BY k.o) AS columns,
            array(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY AS k (num, o)
                    JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.num
                   ORDER BY k.o) AS "refColumns"
       FROM pg_constraint c
       JOIN pg_class t ON t.oid = c.conrelid
       JOIN pg_class r ON r.oid = c.confrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = current_schema() AND c.contype = 'f'
      ORDER BY 1, 2`,
  );
  return { tables, uniqueIndexes, foreignKeys };
}

/** The current schema's views and their columns (views are not tables: readCatalog leaves them out). */
export function readViews(db: Queryable): Promise<CatalogTable[]> {
  return db.query<CatalogTable>(
    `SELECT c.relname::text AS name,
            array(SELECT a.attname::text FROM pg_attribute a
                   WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
                   ORDER BY a.attnum) AS columns,
            ARRAY[]::text[] AS "notNull"
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind = 'v'
      ORDER BY 1`,
  );
}
