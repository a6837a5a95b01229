import { describe, expect, it } from 'vitest';
import { formAndServerMessages } from '../lib/server-messages.test-support.ts';
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
  const { browserFields, serverFields } = formAndServerMessages(
    '/api/test-client-email',
    clientTestEmailResolver,
  );

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
