import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema.ts';

/** Sends a text with a code to a mobile number (DESIGN section 6). */
export interface SmsProvider {
  send(to: string, text: string, code: string): Promise<void>;
}

/** Demo mode: the text lands in the outbox table, read by GET /api/dev/outbox. */
export class SandboxSms implements SmsProvider {
  constructor(private readonly db: Db) {}
  async send(to: string, text: string, code: string): Promise<void> {
    await this.db.insert(outbox).values({ channel: 'sms', to, text, code });
  }
}

/**
 * A Chinese SMS provider's HTTP API: POST a JSON body with the template and its code.
 * Configured by SMS_API_URL and SMS_API_KEY; the provider's answer must be 2xx.
 */
export class HttpSms implements SmsProvider {
  constructor(
    private readonly url: string,
    private readonly apiKey: string,
    private readonly template: string,
  ) {}
  async send(to: string, _text: string, code: string): Promise<void> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.apiKey}` },
      body: JSON.stringify({ phone: to, template: this.template, params: { code } }),
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
  }
}
