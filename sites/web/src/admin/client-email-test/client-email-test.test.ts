import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdmin, signIn } from '../../../../../api/src/test-support/sign-in.ts';
import { createTestApp } from '../../../../../api/src/test-support/test-app.ts';
import { type ClientTestForm, initialClientTestForm, SERVICE_CHOICES } from './client-email-test.ts';
import { clientTestEmailResolver } from './client-email-test-screen.tsx';

describe('the client email test form', () => {
  it('offers every service by its label and sends its serviceType id', () => {
    expect(SERVICE_CHOICES.map((choice) => choice.label)).toEqual([
      'Regular Cleaning',
      'Deep Cleaning',
      'End of Lease Cleaning',
      'Carpet Cleaning',
      'Window Cleaning',
      'Oven Cleaning',
      'NDIS & Aged Care Cleaning',
    ]);
    expect(SERVICE_CHOICES.find((choice) => choice.label === 'End of Lease Cleaning')?.id).toBe(
      'end-of-lease',
    );
    expect(initialClientTestForm().service).toBe('regular-clean');
  });
});

describe('the browser’s messages are the server’s', () => {
  let context: Awaited<ReturnType<typeof createTestApp>>;
  let cookie: string;

  beforeAll(async () => {
    context = await createTestApp();
    await createTestAdmin(context.database);
    cookie = await signIn(context.app);
  });
  afterAll(() => context.close());

  /** What POST /api/test-client-email answers for `form`, sent as typed. */
  async function serverFields(form: ClientTestForm): Promise<Record<string, string>> {
    const response = await context.app.request('/api/test-client-email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify(form),
    });
    expect(response.status).toBe(400);
    return ((await response.json()) as { fields: Record<string, string> }).fields;
  }

  /** What the form shows beside each field for `form`, before any request. */
  async function browserFields(form: ClientTestForm): Promise<Record<string, string | undefined>> {
    const { errors } = await clientTestEmailResolver(form, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    return Object.fromEntries(Object.entries(errors).map(([name, error]) => [name, error?.message]));
  }

  it.each<[string, ClientTestForm]>([
    ['nothing filled in', initialClientTestForm()],
    [
      'a name of spaces and a malformed address',
      { ...initialClientTestForm(), name: '   ', email: 'priya@' },
    ],
    [
      'a phone number too long',
      { ...initialClientTestForm(), name: 'Priya', email: 'p@example.com', phone: '0'.repeat(41) },
    ],
  ])('%s', async (_case, form) => {
    const shown = await browserFields(form);
    expect(Object.keys(shown).length).toBeGreaterThan(0);
    expect(shown).toEqual(await serverFields(form));
  });
});
