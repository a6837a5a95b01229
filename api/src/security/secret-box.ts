import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/*
 * Secrets at rest (Xero's tokens): AES-256-GCM with SECRETS_KEY. Each sealed value names
 * the key that sealed it by a short id, so the key can be rotated: set the new SECRETS_KEY and move
 * the old one to SECRETS_KEY_PREVIOUS; values sealed with it still open, and new ones use the new key.
 * The format, all base64url: `v1.<key id>.<12-byte nonce>.<ciphertext + 16-byte tag>`.
 */

const VERSION = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** The keys a SecretBox holds: the current one seals; every one opens. */
export interface SecretKeys {
  current: Buffer;
  previous?: readonly Buffer[];
}

/** Raised when a sealed value cannot be opened: an unknown key, a changed value or a bad format. */
export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

/** A key's id: the first 8 bytes of its SHA-256, so the key itself is never written anywhere. */
export function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest().subarray(0, 8).toString('base64url');
}

/** Seals and opens short secrets (tokens) with AES-256-GCM. */
export class SecretBox {
  readonly #current: Buffer;
  readonly #byId: ReadonlyMap<string, Buffer>;

  constructor(keys: SecretKeys) {
    for (const key of [keys.current, ...(keys.previous ?? [])]) {
      if (key.length !== 32) throw new RangeError('A secrets key is 32 bytes.');
    }
    this.#current = keys.current;
    this.#byId = new Map([...(keys.previous ?? []), keys.current].map((key) => [keyId(key), key]));
  }

  /** Seals `plaintext` with the current key; `context` (e.g. 'xero-token:<tenant>') must match to open. */
  seal(plaintext: string, context = ''): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#current, nonce);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return [VERSION, keyId(this.#current), nonce.toString('base64url'), sealed.toString('base64url')].join(
      '.',
    );
  }

  /** Opens a value {@link seal} made (with any key this box holds) for the same `context`. */
  open(sealedValue: string, context = ''): string {
    const [version, id, nonceText, sealedText, ...rest] = sealedValue.split('.');
    if (version !== VERSION || !id || !nonceText || !sealedText || rest.length > 0) {
      throw new SecretBoxError('Not a sealed secret.');
    }
    const key = this.#byId.get(id);
    if (!key)
      throw new SecretBoxError(
        `Sealed with key ${id}, which is neither SECRETS_KEY nor in SECRETS_KEY_PREVIOUS.`,
      );
    const nonce = Buffer.from(nonceText, 'base64url');
    const sealed = Buffer.from(sealedText, 'base64url');
    if (nonce.length !== NONCE_BYTES || sealed.length < TAG_BYTES)
      throw new SecretBoxError('Not a sealed secret.');
    const decipher = createDecipheriv('aes-256-gcm', key, nonce);
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    try {
      return Buffer.concat([
        decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new SecretBoxError('The sealed secret was changed, or sealed for something else.');
    }
  }

  /** True when `sealedValue` was sealed with an older key and should be sealed again. */
  needsResealing(sealedValue: string): boolean {
    return sealedValue.split('.')[1] !== keyId(this.#current);
  }
}
