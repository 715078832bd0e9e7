/**
 * Where accepted mail goes: an SMTP server (SMTP_URL) through nodemailer, or,
 * by default, one RFC 822 `.eml` file per outbox row in DATA_DIR/outbox
 * (nothing else needs installing to see what would be sent).
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { OutboxMail } from './repo/outbox.ts';

export interface MailTransport {
  /** Resolves once the mail is accepted (by the SMTP server, or written to disk). */
  send(mail: OutboxMail): Promise<void>;
  close(): void;
}

export interface MailTransportOptions {
  smtpUrl?: string | undefined;
  mailFrom: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}

/**
 * SMTP waits short enough that a dead server fails the attempt well before the
 * worker's claim on the row expires (the defaults wait up to 10 minutes).
 * Query parameters of SMTP_URL still override them.
 */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 15_000,
  greetingTimeout: 15_000,
  socketTimeout: 60_000,
} as const;

/** "Wattboard <alerts@wattboard.local>" → "wattboard.local" (fallback "wattboard.local"). */
export function senderDomain(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  const domain = address.split('@')[1]?.trim();
  return domain && /^[A-Za-z0-9.-]+$/.test(domain) ? domain : 'wattboard.local';
}

/**
 * A Message-ID fixed per outbox row, so the rare resend after a crash (at
 * least once) carries the same id and mail clients can show it once.
 */
export function outboxMessageId(outboxId: number, mailFrom: string): string {
  return `<outbox-${outboxId}@${senderDomain(mailFrom)}>`;
}

function messageOf(mail: OutboxMail, mailFrom: string) {
  return {
    from: mailFrom,
    to: mail.toAddress,
    subject: mail.subject,
    text: mail.bodyText,
    ...(mail.bodyHtml ? { html: mail.bodyHtml } : {}),
    ...(mail.attachments.length > 0
      ? {
          attachments: mail.attachments.map((file) => ({
            filename: file.fileName,
            contentType: file.contentType,
            content: file.content,
          })),
        }
      : {}),
    messageId: outboxMessageId(mail.id, mailFrom),
  };
}

function smtpTransport(smtpUrl: string, mailFrom: string): MailTransport {
  const transporter = nodemailer.createTransport({ ...SMTP_TIMEOUTS, url: smtpUrl });
  return {
    async send(mail) {
      await transporter.sendMail(messageOf(mail, mailFrom));
    },
    close: () => transporter.close(),
  };
}

function fileTransport(outboxDir: string, mailFrom: string, log: FastifyBaseLogger): MailTransport {
  // The stream transport composes the exact RFC 822 text an SMTP server would receive.
  const composer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
  });
  return {
    async send(mail) {
      const info = await composer.sendMail(messageOf(mail, mailFrom));
      if (!Buffer.isBuffer(info.message)) throw new Error('the mail composer returned no buffer');
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${mail.id}.eml`);
      // Write then rename: a crash never leaves a half-written .eml behind.
      await writeFile(`${file}.partial`, info.message);
      await rename(`${file}.partial`, file);
      log.info(
        { outboxId: mail.id, to: mail.toAddress, subject: mail.subject, file },
        'mail written to the outbox directory (set SMTP_URL to send it)',
      );
    },
    close: () => composer.close(),
  };
}

export function createMailTransport(options: MailTransportOptions): MailTransport {
  return options.smtpUrl
    ? smtpTransport(options.smtpUrl, options.mailFrom)
    : fileTransport(options.outboxDir, options.mailFrom, options.log);
}
