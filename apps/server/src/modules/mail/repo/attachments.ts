/**
 * Files attached to outbox mail (migration 013): stored once, referenced by
 * every outbox row that carries them (a report to five receivers is one
 * file). The worker reads the file with the claimed row, so a retry sends the
 * same bytes.
 */
import type { Queryable } from '../../../platform/db/db.ts';

export interface MailAttachment {
  fileName: string;
  contentType: string;
  content: Buffer;
}

/** Stores a file (in the caller's transaction); returns its id for insertOutboxMail. */
export async function insertMailAttachment(
  tx: Queryable,
  factoryId: number | null,
  attachment: MailAttachment,
): Promise<number> {
  const rows = await tx.query<{ id: number | string }>(
    `INSERT INTO mail_attachments (factory_id, file_name, content_type, content)
     VALUES ($1, $2, $3, $4) RETURNING id`,
    [factoryId, attachment.fileName, attachment.contentType, attachment.content],
  );
  return Number(rows[0]?.id);
}

/** The attachment of an outbox row, if it has one. */
export async function loadMailAttachments(
  db: Queryable,
  attachmentId: number | null,
): Promise<MailAttachment[]> {
  if (attachmentId === null) return [];
  const rows = await db.query<{ file_name: string; content_type: string; content: Uint8Array }>(
    'SELECT file_name, content_type, content FROM mail_attachments WHERE id = $1',
    [attachmentId],
  );
  // node-postgres answers a Buffer, PGlite a Uint8Array: one type for the transport.
  return rows.map((row) => ({
    fileName: row.file_name,
    contentType: row.content_type,
    content: Buffer.from(row.content),
  }));
}
