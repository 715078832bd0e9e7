// What other modules may use of the mail module: lint forbids reaching past this file.
export { insertMailAttachment } from './attachments.ts';
export { type RenderedMail, renderMailDocument } from './mail-document.ts';
export { insertOutboxMail } from './outbox.ts';
export { queueEventMail } from './queue-event-mail.ts';
