import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema.ts';

/** Sends an e-mail with a code (DESIGN section 6). */
export interface MailProvider {
  send(to: string, subject: string, text: string, code: string): Promise<void>;
}

export class SandboxMail implements MailProvider {
  constructor(private readonly db: Db) {}
  async send(to: string, subject: string, text: string, code: string): Promise<void> {
    await this.db.insert(outbox).values({ channel: 'mail', to, text: `${subject}\n${text}`, code });
  }
}

/** nodemailer over SMTP (SMTP_URL, MAIL_FROM). */
export class SmtpMail implements MailProvider {
  private transport: Promise<import('nodemailer').Transporter>;
  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = import('nodemailer').then((m) => m.default.createTransport(smtpUrl));
  }
  async send(to: string, subject: string, text: string): Promise<void> {
    const t = await this.transport;
    await t.sendMail({ from: this.from, to, subject, text });
  }
}
