import { randomBytes } from 'node:crypto';
import type { Environment } from '../env.ts';
import { SecretBox } from '../security/secret-box.ts';

/** How long the secret a rotation replaced keeps signing, so a receiver can switch without a gap. */
export const PREVIOUS_SECRET_SIGNS_MS = 24 * 60 * 60 * 1000;

/** What staff are told when a webhook needs a secret and the server has no SECRETS_KEY. */
export const SECRETS_KEY_NEEDED =
  'Webhooks need SECRETS_KEY on this server: their signing secrets are stored encrypted with it. Nothing was saved.';

/** A new signing secret in the Standard Webhooks format: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * Seals and opens a partner's webhook secrets with SECRETS_KEY (SECRETS_KEY_PREVIOUS still opens).
 * The partner key is the sealing context: a sealed secret copied to another partner's row won't open.
 */
export class WebhookSecrets {
  readonly #box: SecretBox;

  constructor(box: SecretBox) {
    this.#box = box;
  }

  /** The secrets of this environment, or undefined without SECRETS_KEY (nothing can be stored then). */
  static from(
    environment: Pick<Environment, 'SECRETS_KEY' | 'SECRETS_KEY_PREVIOUS'>,
  ): WebhookSecrets | undefined {
    if (!environment.SECRETS_KEY) return undefined;
    return new WebhookSecrets(
      new SecretBox({ current: environment.SECRETS_KEY, previous: environment.SECRETS_KEY_PREVIOUS }),
    );
  }

  seal(partnerKey: string, secret: string): string {
    return this.#box.seal(secret, context(partnerKey));
  }

  open(partnerKey: string, sealed: string): string {
    return this.#box.open(sealed, context(partnerKey));
  }
}

const context = (partnerKey: string) => `partner-webhook:${partnerKey}`;
