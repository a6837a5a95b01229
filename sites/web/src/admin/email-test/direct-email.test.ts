import { describe, expect, it } from 'vitest';
import { formAndServerMessages } from '../lib/server-messages.test-support.ts';
import {
  type DirectEmailForm,
  initialDirectEmailForm,
  missesRequiredField,
  providerHint,
} from './direct-email.ts';
import { directEmailResolver } from './direct-email-sender.tsx';

const filled: DirectEmailForm = {
  ...initialDirectEmailForm(),
  fromEmail: 'sarah@sparkleclean.example',
  fromPassword: ' pass word ',
  toEmail: 'client@example.com',
};

describe('the direct email form', () => {
  it('starts on Gmail with the business’s test subject and nothing else filled in', () => {
    const form = initialDirectEmailForm();
    expect(form.provider).toBe('gmail');
    expect(form.subject).toBe('Test email from Sparkle Clean Melbourne');
    expect([form.fromEmail, form.fromPassword, form.toEmail, form.message]).toEqual(['', '', '', '']);
  });

  it('names each preset’s server in the provider hint', () => {
    expect(providerHint('gmail')).toBe('Sends through smtp.gmail.com, port 465, over TLS.');
    expect(providerHint('outlook')).toBe('Sends through smtp.office365.com, port 587, with STARTTLS.');
    expect(providerHint('yahoo')).toBe('Sends through smtp.mail.yahoo.com, port 465, over TLS.');
    expect(providerHint('custom')).toMatch(/host, port and TLS/);
  });

  it('calls a blank from, password or to address missing; a password of spaces is a password', () => {
    expect(missesRequiredField(filled)).toBe(false);
    expect(missesRequiredField({ ...filled, fromEmail: '   ' })).toBe(true);
    expect(missesRequiredField({ ...filled, fromPassword: '' })).toBe(true);
    expect(missesRequiredField({ ...filled, fromPassword: '   ' })).toBe(false);
    expect(missesRequiredField({ ...filled, toEmail: '' })).toBe(true);
    // A malformed address is there, just wrong: not 'Missing Information'.
    expect(missesRequiredField({ ...filled, toEmail: 'client at example.com' })).toBe(false);
  });

  it('needs a custom server’s host and port', () => {
    const custom = { ...filled, provider: 'custom' as const };
    expect(missesRequiredField(custom)).toBe(true);
    expect(missesRequiredField({ ...custom, smtpHost: 'mail.example.com' })).toBe(true);
    expect(missesRequiredField({ ...custom, smtpHost: 'mail.example.com', smtpPort: '587' })).toBe(false);
  });
});

describe('the browser’s messages are the server’s', () => {
  const { browserFields, serverFields } = formAndServerMessages(
    '/api/send-direct-email',
    directEmailResolver,
  );

  it.each<[string, DirectEmailForm]>([
    ['nothing filled in', initialDirectEmailForm()],
    ['a malformed to address', { ...filled, toEmail: 'client at example.com' }],
    ['two addresses in one', { ...filled, fromEmail: 'a@example.com, b@example.com' }],
    ['a custom server without host or port', { ...filled, provider: 'custom' }],
    [
      'a port out of range',
      { ...filled, provider: 'custom', smtpHost: 'mail.example.com', smtpPort: '70000' },
    ],
    [
      'a port that is not a number',
      { ...filled, provider: 'custom', smtpHost: 'mail.example.com', smtpPort: '25a' },
    ],
    ['a control character in the subject', { ...filled, subject: 'Hello\u0007' }],
  ])('%s', async (_case, form) => {
    const shown = await browserFields(form);
    expect(Object.keys(shown).length).toBeGreaterThan(0);
    expect(shown).toEqual(await serverFields(form));
  });
});
