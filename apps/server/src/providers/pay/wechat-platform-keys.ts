import crypto from 'node:crypto';

/**
 * The keys WeChat Pay signs its answers and notifications with, looked up by the
 * Wechatpay-Serial header. Two modes exist for merchants: the WeChat Pay public key
 * (PUB_KEY_ID_...) and, for older merchants, platform certificates that rotate.
 */
export interface PlatformKeys {
  /** The public key for this serial, or null when it is not (or no longer) WeChat Pay's. */
  keyFor(serial: string): Promise<crypto.KeyObject | null>;
}

/** Public-key mode: one key under one id. */
export class PublicKeyMode implements PlatformKeys {
  private readonly key: crypto.KeyObject;
  constructor(
    pem: string,
    private readonly keyId: string,
  ) {
    this.key = crypto.createPublicKey(pem);
  }
  async keyFor(serial: string) {
    return serial === this.keyId ? this.key : null;
  }
}

interface EncryptedCertificate {
  serial_no: string;
  effective_time?: string;
  expire_time: string;
  encrypt_certificate: { algorithm: string; nonce: string; associated_data?: string; ciphertext: string };
}

/** Fetches GET /v3/certificates (unsigned by us for verification: see PlatformCertificates.refresh). */
export type CertificateFetch = () => Promise<{ headers: Record<string, string>; body: string }>;

/**
 * Platform-certificate mode: certificates come from /v3/certificates, encrypted with the
 * API v3 key (AES-256-GCM authenticates them), and are cached by serial. An unknown serial
 * (a rotation) fetches again, at most once a minute; the list is refreshed every 12 hours.
 */
export class PlatformCertificates implements PlatformKeys {
  private certs = new Map<string, { key: crypto.KeyObject; expires: number }>();
  private fetchedAt = 0;
  private inFlight: Promise<void> | null = null;

  constructor(
    private readonly apiV3Key: string,
    private readonly fetchList: CertificateFetch,
    private readonly decrypt: (
      apiV3Key: string,
      r: { ciphertext: string; nonce: string; associated_data?: string },
    ) => string,
    private readonly now: () => number = () => Date.now(),
  ) {}

  serials(): string[] {
    return [...this.certs.keys()];
  }

  async keyFor(serial: string): Promise<crypto.KeyObject | null> {
    const stale = this.now() - this.fetchedAt > 12 * 3600_000;
    const unknownAndMayRetry = !this.certs.has(serial) && this.now() - this.fetchedAt > 60_000;
    if (stale || unknownAndMayRetry) await this.refresh();
    const c = this.certs.get(serial);
    return c && c.expires > this.now() ? c.key : null;
  }

  refresh(): Promise<void> {
    this.inFlight ??= this.load().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async load(): Promise<void> {
    const { headers, body } = await this.fetchList();
    const list = (JSON.parse(body) as { data?: EncryptedCertificate[] }).data ?? [];
    const next = new Map<string, { key: crypto.KeyObject; expires: number }>();
    for (const c of list) {
      if (c.encrypt_certificate.algorithm !== 'AEAD_AES_256_GCM') continue;
      const pem = this.decrypt(this.apiV3Key, c.encrypt_certificate);
      const x509 = new crypto.X509Certificate(pem);
      // The serial in the list must be the certificate's own.
      if (x509.serialNumber.toUpperCase() !== c.serial_no.toUpperCase()) continue;
      next.set(c.serial_no, { key: x509.publicKey, expires: Date.parse(c.expire_time) });
    }
    // The answer itself is signed by one of the certificates it carries; refuse the list otherwise.
    const serial = headers['wechatpay-serial'] ?? '';
    const signer = next.get(serial);
    const message = `${headers['wechatpay-timestamp']}\n${headers['wechatpay-nonce']}\n${body}\n`;
    if (
      !signer ||
      !crypto
        .createVerify('RSA-SHA256')
        .update(message)
        .verify(signer.key, headers['wechatpay-signature'] ?? '', 'base64')
    ) {
      throw new Error('wechat /v3/certificates answer is not signed by a certificate it carries');
    }
    this.certs = next;
    this.fetchedAt = this.now();
  }
}
