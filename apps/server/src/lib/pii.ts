import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config-error.ts';

/**
 * ID and passport numbers at rest (PIPL art. 28; see ARCHITECTURE.md, "Data"): AES-256-GCM
 * ciphertext plus an HMAC blind index for exact lookups. One key derives both.
 */
export class PiiCipher {
  private readonly encKey: Buffer;
  private readonly macKey: Buffer;

  constructor(master: Buffer) {
    if (master.length !== 32) throw new Error('DATA_KEY must be 32 bytes');
    this.encKey = Buffer.from(crypto.hkdfSync('sha256', master, Buffer.alloc(0), 'pii-enc', 32));
    this.macKey = Buffer.from(crypto.hkdfSync('sha256', master, Buffer.alloc(0), 'pii-mac', 32));
  }

  encrypt(plain: string): string {
    const iv = crypto.randomBytes(12);
    const c = crypto.createCipheriv('aes-256-gcm', this.encKey, iv);
    const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
    return `v1.${iv.toString('base64')}.${body.toString('base64')}.${c.getAuthTag().toString('base64')}`;
  }

  decrypt(stored: string): string {
    const [v, iv, body, tag] = stored.split('.');
    if (v !== 'v1') throw new Error('unknown ciphertext version');
    const d = crypto.createDecipheriv('aes-256-gcm', this.encKey, Buffer.from(iv, 'base64'));
    d.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([d.update(Buffer.from(body, 'base64')), d.final()]).toString('utf8');
  }

  /** Blind index: the same number always gives the same value; upper-cased so x and X match. */
  blindIndex(plain: string): string {
    return crypto.createHmac('sha256', this.macKey).update(plain.trim().toUpperCase()).digest('hex');
  }
}

/** A data key: 64 hex digits or the base64 of 32 bytes (standard or URL-safe alphabet); null when malformed. */
export function parseDataKey(k: string): Buffer | null {
  const t = k.trim();
  if (/^[0-9a-f]{64}$/i.test(t)) return Buffer.from(t, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(t)) return null;
  const b = Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return b.length === 32 ? b : null;
}

function parseKey(k: string, where: string): Buffer {
  const key = parseDataKey(k);
  if (!key)
    throw new ConfigError(`${where}: malformed; expected a 32-byte key as 64 hex digits or 44 base64 characters`);
  return key;
}

/** The key from config; in demo mode generated into DATA_DIR at first start. */
export function loadPiiCipher(opts: {
  dataKey?: string;
  dataDir: string;
  demo: boolean;
  ephemeral?: boolean;
}): PiiCipher {
  if (opts.dataKey) return new PiiCipher(parseKey(opts.dataKey, 'DATA_KEY'));
  if (!opts.demo)
    throw new ConfigError(
      'DATA_KEY: required in production; expected a 32-byte key as 64 hex digits or 44 base64 characters',
    );
  if (opts.ephemeral) return new PiiCipher(crypto.randomBytes(32));
  const file = path.join(opts.dataDir, 'data.key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(opts.dataDir, { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  return new PiiCipher(parseKey(fs.readFileSync(file, 'utf8').trim(), file));
}
