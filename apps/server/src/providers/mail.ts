import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  code: string;
}

/** Sends an e-mail with a code (see ARCHITECTURE.md, "Outside parties"). */
export interface MailProvider {
  readonly kind: 'sandbox' | 'smtp';
  send(m: MailMessage): Promise<void>;
}

/** `rejected`: the server refused the address (check it); `unavailable`: unreachable or failing. */
export class MailError extends Error {
  constructor(
    readonly reason: 'rejected' | 'unavailable',
    readonly providerCode: string,
    detail: string,
  ) {
    super(`mail not sent (${providerCode}): ${detail}`);
  }
}

/** nodemailer over SMTP (SMTP_URL, MAIL_FROM). */
export class SmtpMail implements MailProvider {
  readonly kind = 'smtp' as const;
  private readonly transport: Transporter;
  constructor(
    smtpUrl: string,
    private readonly from: string,
    timeoutMs = 10_000,
  ) {
    this.transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    } as Parameters<typeof nodemailer.createTransport>[0]);
  }
  async send(m: MailMessage): Promise<void> {
    try {
      await this.transport.sendMail({ from: this.from, to: m.to, subject: m.subject, text: m.text });
    } catch (e) {
      const err = e as { code?: string; responseCode?: number; message?: string };
      // A 5xx answer to the envelope or the message is a refusal of this address or content.
      const rejected = err.code === 'EENVELOPE' || (err.responseCode !== undefined && err.responseCode >= 500);
      throw new MailError(
        rejected ? 'rejected' : 'unavailable',
        String(err.responseCode ?? err.code ?? 'unknown'),
        String(err.message ?? e),
      );
    }
  }
}
