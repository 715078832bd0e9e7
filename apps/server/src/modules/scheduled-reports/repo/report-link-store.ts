import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../../platform/db/db.ts';

/** server_secrets row holding the key that signs report download links (decision 0083). */
export const REPORT_LINK_SECRET_NAME = 'report-file-link';

/** The report-link key shared by every instance on this database (created by the first). */
export async function loadReportLinkSecret(db: Queryable): Promise<string> {
  await db.query(
    `INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`,
    [REPORT_LINK_SECRET_NAME, randomBytes(32).toString('base64url')],
  );
  const rows = await db.query<{ value: string }>(
    'SELECT value FROM server_secrets WHERE name = $1',
    [REPORT_LINK_SECRET_NAME],
  );
  const value = rows[0]?.value;
  if (!value) throw new Error('The report-link secret could not be stored');
  return value;
}

export interface ReportFile {
  fileName: string;
  contentType: string;
  content: Buffer;
}

/**
 * The stored report file a link names, looked up within the link's own
 * factory only (a genuine link of factory A naming B's file finds nothing).
 * The file is the one the report's mail attaches (mail_attachments).
 */
export async function loadReportFile(
  db: Queryable,
  factoryId: number,
  fileId: number,
): Promise<ReportFile | null> {
  const rows = await db.query<{ file_name: string; content_type: string; content: Uint8Array }>(
    `SELECT file_name, content_type, content FROM mail_attachments
      WHERE factory_id = $1 AND id = $2`,
    [factoryId, fileId],
  );
  const row = rows[0];
  // node-postgres answers a Buffer, PGlite a Uint8Array.
  return row
    ? { fileName: row.file_name, contentType: row.content_type, content: Buffer.from(row.content) }
    : null;
}
