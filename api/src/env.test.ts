import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvironmentError, parseEnvironment, repositoryRoot } from './env.ts';

describe('parseEnvironment', () => {
  it('applies the documented defaults', () => {
    const env = parseEnvironment({});
    expect(env.PORT).toBe(3000);
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
    expect(env.DATABASE_URL).toMatch(/^file:.*data\/cleanquote\.db$/);
    expect(env.SMTP_URL).toBeUndefined();
  });

  it('derives PUBLIC_URL from PORT and strips a trailing slash from a given one', () => {
    expect(parseEnvironment({ PORT: '4321' }).PUBLIC_URL).toBe('http://localhost:4321');
    expect(parseEnvironment({ PUBLIC_URL: 'https://clean.example/' }).PUBLIC_URL).toBe(
      'https://clean.example',
    );
  });

  it('accepts libsql URLs with a token and in-memory databases', () => {
    expect(
      parseEnvironment({ DATABASE_URL: 'libsql://db.turso.io', DATABASE_AUTH_TOKEN: 't' }).DATABASE_URL,
    ).toBe('libsql://db.turso.io');
    expect(parseEnvironment({ DATABASE_URL: ':memory:' }).DATABASE_URL).toBe(':memory:');
  });

  it.each([
    ['DATABASE_URL', 'not-a-url'],
    ['PORT', 'eighty'],
    ['SMTP_URL', 'http://mail.example'],
    ['PUBLIC_URL', 'ftp://x'],
    ['ADMIN_EMAIL', 'nobody'],
  ])('rejects a bad %s with a one-line message naming it', (name, value) => {
    expect(() => parseEnvironment({ [name]: value })).toThrow(EnvironmentError);
    try {
      parseEnvironment({ [name]: value });
    } catch (error) {
      expect((error as Error).message).toContain(name);
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('never echoes a password value', () => {
    expect(() => parseEnvironment({ ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD.*\*\*\*/);
  });
});

describe('mail and security settings', () => {
  it('defaults to generous public limits, 10 sign-in failures in 15 minutes and a 2 s mail poll', () => {
    const environment = parseEnvironment({});
    expect(environment.PUBLIC_POST_RATE_LIMIT).toBeGreaterThanOrEqual(120);
    expect(environment.LOGIN_MAX_FAILURES).toBe(10);
    expect(environment.LOGIN_FAILURE_WINDOW_MINUTES).toBe(15);
    expect(environment.MAIL_POLL_INTERVAL_MS).toBeLessThanOrEqual(5_000);
    expect(environment.PARTNER_ORIGINS).toEqual([]);
  });

  it('reads PARTNER_ORIGINS as a comma-separated list of origins', () => {
    expect(
      parseEnvironment({ PARTNER_ORIGINS: ' https://agency.example, http://localhost:4000/ ' })
        .PARTNER_ORIGINS,
    ).toEqual(['https://agency.example', 'http://localhost:4000']);
  });

  it('reads WEBHOOK_ALLOWED_HTTP_ORIGINS as origins (none by default) and names a bad entry', () => {
    expect(parseEnvironment({}).WEBHOOK_ALLOWED_HTTP_ORIGINS).toEqual([]);
    expect(parseEnvironment({}).WEBHOOK_RETRY_BASE_MS).toBe(5_000);
    expect(
      parseEnvironment({ WEBHOOK_ALLOWED_HTTP_ORIGINS: ' http://127.0.0.1:4000/, http://localhost:8080' })
        .WEBHOOK_ALLOWED_HTTP_ORIGINS,
    ).toEqual(['http://127.0.0.1:4000', 'http://localhost:8080']);
    expect(() => parseEnvironment({ WEBHOOK_ALLOWED_HTTP_ORIGINS: 'http://127.0.0.1:4000/hooks' })).toThrow(
      /^Invalid environment variable WEBHOOK_ALLOWED_HTTP_ORIGINS: "http:\/\/127.0.0.1:4000\/hooks" is not an origin/,
    );
  });

  it('reads key=origin entries as partner keys, a key listed with several origins', () => {
    const environment = parseEnvironment({
      PARTNER_ORIGINS:
        'northside-support=https://northside.example, northside-support = https://www.northside.example,https://agency.example',
    });
    expect(environment.PARTNER_ORIGINS).toEqual([
      'https://northside.example',
      'https://www.northside.example',
      'https://agency.example',
    ]);
    expect(Object.fromEntries(environment.PARTNER_KEYS)).toEqual({
      'northside-support': ['https://northside.example', 'https://www.northside.example'],
    });
    expect(parseEnvironment({}).PARTNER_KEYS.size).toBe(0);
  });

  it.each([
    'Northside=https://northside.example',
    'north side=https://northside.example',
    '=https://a.example',
  ])('rejects the partner entry %j, naming the variable', (value) => {
    expect(() => parseEnvironment({ PARTNER_ORIGINS: value })).toThrow(
      /^Invalid environment variable PARTNER_ORIGINS/,
    );
  });

  it.each(['agency.example', 'https://agency.example/embed', 'ftp://agency.example', 'key=agency.example'])(
    'rejects the PARTNER_ORIGINS entry %j, naming the variable',
    (value) => {
      expect(() => parseEnvironment({ PARTNER_ORIGINS: value })).toThrow(
        /^Invalid environment variable PARTNER_ORIGINS/,
      );
    },
  );
});

describe('per-recipient mail limits', () => {
  it('default to 3 mails an hour and 10 a day to one address', () => {
    const environment = parseEnvironment({});
    expect(environment.RECIPIENT_MAIL_LIMIT_HOUR).toBe(3);
    expect(environment.RECIPIENT_MAIL_LIMIT_DAY).toBe(10);
  });

  it('read RECIPIENT_MAIL_LIMIT_HOUR and RECIPIENT_MAIL_LIMIT_DAY as whole numbers', () => {
    const environment = parseEnvironment({
      RECIPIENT_MAIL_LIMIT_HOUR: ' 5 ',
      RECIPIENT_MAIL_LIMIT_DAY: '40',
    });
    expect(environment.RECIPIENT_MAIL_LIMIT_HOUR).toBe(5);
    expect(environment.RECIPIENT_MAIL_LIMIT_DAY).toBe(40);
    // Empty means unset, as for every variable.
    expect(parseEnvironment({ RECIPIENT_MAIL_LIMIT_HOUR: '' }).RECIPIENT_MAIL_LIMIT_HOUR).toBe(3);
  });

  it.each([
    ['RECIPIENT_MAIL_LIMIT_HOUR', 'three', /RECIPIENT_MAIL_LIMIT_HOUR: must be a whole number of mails/],
    ['RECIPIENT_MAIL_LIMIT_HOUR', '2.5', /RECIPIENT_MAIL_LIMIT_HOUR: must be a whole number of mails/],
    ['RECIPIENT_MAIL_LIMIT_HOUR', '0', /RECIPIENT_MAIL_LIMIT_HOUR: must be at least 1/],
    ['RECIPIENT_MAIL_LIMIT_DAY', '-1', /RECIPIENT_MAIL_LIMIT_DAY: must be at least 1/],
    ['RECIPIENT_MAIL_LIMIT_DAY', '100000', /RECIPIENT_MAIL_LIMIT_DAY: must be at most 10000/],
  ])('refuse %s=%s with a one-line message naming it', (name, value, message) => {
    expect(() => parseEnvironment({ [name]: value })).toThrow(EnvironmentError);
    expect(() => parseEnvironment({ [name]: value })).toThrow(message);
    expect(() => parseEnvironment({ [name]: value })).not.toThrow(/\n/);
  });

  it('refuse a day limit below the hour limit', () => {
    expect(() => parseEnvironment({ RECIPIENT_MAIL_LIMIT_HOUR: '5', RECIPIENT_MAIL_LIMIT_DAY: '4' })).toThrow(
      'Invalid environment variable RECIPIENT_MAIL_LIMIT_DAY: must be at least RECIPIENT_MAIL_LIMIT_HOUR (5): a day holds every hour (got "4")',
    );
  });
});

describe('backups', () => {
  it('keeps snapshots in `backups` beside the database file unless BACKUP_DIR says where', () => {
    const defaults = parseEnvironment({});
    expect(defaults.BACKUP_DIR).toBe(join(repositoryRoot, 'data', 'backups'));
    expect(defaults.BACKUP_RETAIN_HOURLY).toBe(48);
    expect(defaults.BACKUP_RETAIN_DAILY).toBe(30);
    expect(parseEnvironment({ DATABASE_URL: 'file:/srv/cleanquote/leads.db' }).BACKUP_DIR).toBe(
      '/srv/cleanquote/backups',
    );
    expect(parseEnvironment({ BACKUP_DIR: '/mnt/offsite/cleanquote' }).BACKUP_DIR).toBe(
      '/mnt/offsite/cleanquote',
    );
  });

  it('changes retention with BACKUP_RETAIN_HOURLY and BACKUP_RETAIN_DAILY, naming a bad value', () => {
    const environment = parseEnvironment({ BACKUP_RETAIN_HOURLY: '24', BACKUP_RETAIN_DAILY: '7' });
    expect([environment.BACKUP_RETAIN_HOURLY, environment.BACKUP_RETAIN_DAILY]).toEqual([24, 7]);
    expect(() => parseEnvironment({ BACKUP_RETAIN_HOURLY: '0' })).toThrow(
      /^Invalid environment variable BACKUP_RETAIN_HOURLY/,
    );
    expect(() => parseEnvironment({ BACKUP_RETAIN_DAILY: 'a month' })).toThrow(
      /^Invalid environment variable BACKUP_RETAIN_DAILY/,
    );
  });
});
