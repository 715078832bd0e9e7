import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface TestInbox {
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the first mail matching, waiting up to `timeoutMs`. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on a free local port that keeps every message it accepts. */
export async function startInbox(): Promise<TestInbox> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      if (typeof address === 'object' && address) resolve(address.port);
      else reject(new Error('SMTP server has no port'));
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(match, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = mails.find(match);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`no matching mail within ${timeoutMs} ms; got ${mails.length}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
