// What other modules may use of the mail module: lint forbids reaching past this file.
export { insertMailAttachment } from './repo/attachments.ts';
export { escapeHtml, type RenderedMail, renderMailDocument } from './mail-document.ts';
export { insertOutboxMail } from './repo/outbox.ts';
export { queueEventMail } from './repo/queue-event-mail.ts';

export { ownReceiverCount } from './repo/receivers.ts';
export { afterFailedAttempt, type FailureOutcome } from './backoff.ts';
export { type ClearLinkMaker } from './worker.ts';
export { formatMailTime } from './mail-format.ts';
