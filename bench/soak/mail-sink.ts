// A real SMTP server (the smtp-server package) that counts deliveries by Message-ID.
import { SMTPServer } from 'smtp-server';

export interface MailSink {
  url: string;
  /** Message-ID → how many times it was delivered. */
  deliveries: Map<string, number>;
  close(): Promise<void>;
}

export async function startMailSink(): Promise<MailSink> {
  const deliveries = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const header = text.split(/\r?\n\r?\n/, 1)[0] ?? '';
        const id = /^message-id:\s*(\S+)/im.exec(header)?.[1] ?? `(none ${deliveries.size})`;
        deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (!address || typeof address !== 'object') throw new Error('SMTP sink has no port');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    deliveries,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
