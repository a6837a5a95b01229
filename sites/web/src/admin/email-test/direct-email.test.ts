import { DEFAULT_TEST_SUBJECT } from '@cleanquote/content';
import { describe, expect, it } from 'vitest';
import {
  checkDirectEmail,
  type DirectEmailForm,
  directEmailErrorsFrom,
  directEmailRequest,
  initialDirectEmailForm,
  providerHint,
} from './direct-email.ts';

const filled: DirectEmailForm = {
  ...initialDirectEmailForm(),
  fromEmail: ' sarah@sparkleclean.example ',
  fromPassword: ' pass word ',
  toEmail: 'client@example.com',
  message: 'Hello\nfrom the office',
};

describe('the direct email form', () => {
  it('starts on Gmail with the business’s test subject and nothing else filled in', () => {
    const form = initialDirectEmailForm();
    expect(form.provider).toBe('gmail');
    expect(form.subject).toBe('Test email from Sparkle Clean Melbourne');
    expect(DEFAULT_TEST_SUBJECT).toBe(form.subject);
    expect([form.fromEmail, form.fromPassword, form.toEmail, form.message]).toEqual(['', '', '', '']);
  });

  it('names each preset’s server in the provider hint', () => {
    expect(providerHint('gmail')).toBe('Sends through smtp.gmail.com, port 465, over TLS.');
    expect(providerHint('outlook')).toBe('Sends through smtp.office365.com, port 587, with STARTTLS.');
    expect(providerHint('yahoo')).toBe('Sends through smtp.mail.yahoo.com, port 465, over TLS.');
    expect(providerHint('custom')).toMatch(/host, port and TLS/);
  });
});

describe('checkDirectEmail', () => {
  it('finds the from address, password and to address missing (spec §5), blanks counted as missing', () => {
    const check = checkDirectEmail({ ...initialDirectEmailForm(), fromEmail: '   ' });
    expect(check.missing).toBe(true);
    expect(Object.keys(check.errors)).toEqual(['fromEmail', 'fromPassword', 'toEmail']);
  });

  it('takes a password of spaces as typed, and lets a complete form through', () => {
    expect(checkDirectEmail({ ...filled, fromPassword: '   ' })).toEqual({ missing: false, errors: {} });
  });

  it('needs a custom server’s host and port, and a port from 1 to 65535', () => {
    const custom = { ...filled, provider: 'custom' as const };
    const empty = checkDirectEmail(custom);
    expect(empty.missing).toBe(true);
    expect(Object.keys(empty.errors)).toEqual(['smtpHost', 'smtpPort']);
    for (const port of ['0', '65536', '25a', '-1', '2.5']) {
      const check = checkDirectEmail({ ...custom, smtpHost: 'mail.example.com', smtpPort: port });
      expect(check, port).toEqual({ missing: false, errors: { smtpPort: 'Enter a port from 1 to 65535' } });
    }
    expect(checkDirectEmail({ ...custom, smtpHost: 'mail.example.com', smtpPort: ' 587 ' }).errors).toEqual(
      {},
    );
  });
});

describe('directEmailRequest', () => {
  it('sends spec §7’s payload for a named provider, with no SMTP server fields', () => {
    for (const provider of ['gmail', 'outlook', 'yahoo'] as const) {
      expect(directEmailRequest({ ...filled, provider, smtpHost: 'ignored', smtpPort: '25' })).toEqual({
        fromEmail: 'sarah@sparkleclean.example',
        fromPassword: ' pass word ',
        toEmail: 'client@example.com',
        provider,
        subject: DEFAULT_TEST_SUBJECT,
        message: 'Hello\nfrom the office',
      });
    }
  });

  it('adds smtpHost, smtpPort (a number) and smtpSecurity for a custom server', () => {
    const request = directEmailRequest({
      ...filled,
      provider: 'custom',
      smtpHost: ' 127.0.0.1 ',
      smtpPort: '2525',
      smtpSecurity: 'none',
      subject: 'Checking our mail',
    });
    expect(request).toMatchObject({
      provider: 'custom',
      subject: 'Checking our mail',
      smtpHost: '127.0.0.1',
      smtpPort: 2525,
      smtpSecurity: 'none',
    });
  });

  it('falls back to the test subject when the subject was emptied', () => {
    expect(directEmailRequest({ ...filled, subject: '  ' }).subject).toBe(DEFAULT_TEST_SUBJECT);
  });
});

describe('directEmailErrorsFrom', () => {
  it('keeps the messages of the form’s own fields only', () => {
    expect(
      directEmailErrorsFrom({ fromEmail: 'Please enter your email address', smtpPort: 'Bad', request: 'x' }),
    ).toEqual({ fromEmail: 'Please enter your email address', smtpPort: 'Bad' });
  });
});
