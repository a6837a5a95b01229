import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseEnvironment } from '../env.ts';
import { keyId, SecretBox, SecretBoxError } from './secret-box.ts';

const oldKey = randomBytes(32);
const newKey = randomBytes(32);

describe('SecretBox', () => {
  it('seals a token so that neither the token nor the key appears, and opens it again', () => {
    const box = new SecretBox({ current: newKey });
    const token = 'xero-refresh-token-1234567890';
    const sealed = box.seal(token, 'xero-token:tenant-1');
    expect(sealed).toMatch(/^v1\.[\w-]{11}\.[\w-]{16}\.[\w-]+$/);
    expect(sealed).not.toContain(token);
    expect(sealed).not.toContain(newKey.toString('base64url'));
    expect(box.seal(token, 'xero-token:tenant-1')).not.toBe(sealed); // a fresh nonce each time
    expect(box.open(sealed, 'xero-token:tenant-1')).toBe(token);
  });

  it('refuses a changed value, another context and a value that is not sealed', () => {
    const box = new SecretBox({ current: newKey });
    const sealed = box.seal('secret', 'xero-token:tenant-1');
    const last = sealed.at(-2) === 'A' ? 'B' : 'A';
    const changed = `${sealed.slice(0, -2)}${last}${sealed.at(-1)}`;
    expect(() => box.open(changed, 'xero-token:tenant-1')).toThrow(SecretBoxError);
    expect(() => box.open(sealed, 'xero-token:tenant-2')).toThrow(SecretBoxError);
    expect(() => box.open('plain text', '')).toThrow(SecretBoxError);
  });

  it('rotates: values sealed with a previous key still open, and say they need sealing again', () => {
    const sealedBefore = new SecretBox({ current: oldKey }).seal('token');
    const rotated = new SecretBox({ current: newKey, previous: [oldKey] });
    expect(rotated.open(sealedBefore)).toBe('token');
    expect(rotated.needsResealing(sealedBefore)).toBe(true);
    expect(rotated.needsResealing(rotated.seal('token'))).toBe(false);
    expect(() => new SecretBox({ current: newKey }).open(sealedBefore)).toThrow(
      `Sealed with key ${keyId(oldKey)}, which is neither SECRETS_KEY nor in SECRETS_KEY_PREVIOUS.`,
    );
  });
});

describe('the Xero and secrets configuration', () => {
  const base = { NODE_ENV: 'test', DATABASE_URL: 'file::memory:', PUBLIC_URL: 'https://clean.example' };

  it('is optional, with the documented defaults', () => {
    const env = parseEnvironment(base);
    expect(env.XERO_CLIENT_ID).toBeUndefined();
    expect(env.XERO_REDIRECT_URI).toBe('https://clean.example/xero/callback');
    expect(env.XERO_IDENTITY_URL).toBe('https://identity.xero.com');
    expect(env.XERO_API_URL).toBe('https://api.xero.com');
    expect(env.XERO_SCOPES.split(' ')).toEqual(
      expect.arrayContaining(['offline_access', 'accounting.reports.profitandloss.read']),
    );
  });

  it('refuses to start with XERO_CLIENT_ID but no SECRETS_KEY, naming it, and never echoes a secret', () => {
    const xero = { ...base, XERO_CLIENT_ID: 'client', XERO_CLIENT_SECRET: 'very secret' };
    expect(() => parseEnvironment(xero)).toThrow(
      /^Invalid environment variable SECRETS_KEY: is required once XERO_CLIENT_ID/,
    );
    expect(() => parseEnvironment({ ...xero, SECRETS_KEY: 'too-short-key' })).toThrow(
      'Invalid environment variable SECRETS_KEY: use 32 random bytes in base64, e.g. from `openssl rand -base64 32` (got "***")',
    );
    const env = parseEnvironment({ ...xero, SECRETS_KEY: newKey.toString('base64') });
    expect(env.SECRETS_KEY?.equals(newKey)).toBe(true);
    expect(() =>
      parseEnvironment({ ...base, XERO_CLIENT_ID: 'client', SECRETS_KEY: newKey.toString('base64') }),
    ).toThrow(/^Invalid environment variable XERO_CLIENT_SECRET/);
  });
});
