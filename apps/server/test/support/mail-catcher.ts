import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on a free loopback port; the app's nodemailer transport delivers to it
 * through SMTP_URL, and tests read the verification codes out of the received mail.
 */
export interface MailCatcher {
  smtpUrl: string;
  messages: CaughtMail[];
  /** The code of the newest mail to `email`. */
  latestCodeFor(email: string): string;
  /** Number of mails received for `email`. */
  countFor(email: string): number;
  close(): Promise<void>;
}

export async function startMailCatcher(): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('SMTP test server has no port');
  const mailsFor = (email: string) => messages.filter((message) => message.to.includes(email.toLowerCase()));
  return {
    smtpUrl: `smtp://127.0.0.1:${address.port}`,
    messages,
    latestCodeFor(email) {
      const mails = mailsFor(email);
      const newest = mails[mails.length - 1];
      const match = newest && /verification code is (\d{6})/.exec(newest.raw);
      if (!match) throw new Error(`No verification mail for ${email}`);
      return match[1];
    },
    countFor: (email) => mailsFor(email).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
