import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export interface Mailer {
  sendVerificationCode(email: string, code: string): Promise<void>;
  close(): Promise<void>;
}

export function verificationMessage(code: string): { subject: string; text: string } {
  return {
    subject: 'Your Fleetlab verification code',
    text:
      `Your Fleetlab verification code is ${code}.\n\n` +
      'Enter it on the verification page within 10 minutes. ' +
      'If you did not create a Fleetlab account, ignore this e-mail.\n',
  };
}

/** Sends real mail through the SMTP server of SMTP_URL. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async sendVerificationCode(email, code) {
      const { subject, text } = verificationMessage(code);
      await transport.sendMail({ from, to: email, subject, text });
    },
    async close() {
      transport.close();
    },
  };
}

/**
 * Without SMTP the code goes to the server's standard output, on one marked line a person
 * (or a browser test) can find: `[fleetlab] verification code for a@b.c: 123456`.
 */
export function createLogMailer(write: (line: string) => void = (line) => console.log(line)): Mailer {
  return {
    async sendVerificationCode(email, code) {
      write(`[fleetlab] verification code for ${email}: ${code}`);
    },
    async close() {},
  };
}

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>): Mailer {
  return config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createLogMailer();
}
