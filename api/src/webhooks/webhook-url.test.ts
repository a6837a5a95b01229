import { describe, expect, it } from 'vitest';
import { addressKind, checkWebhookUrl, type ResolveHost } from './webhook-url.ts';

describe('addressKind', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['0.0.0.0', 'internal'],
    ['::', 'internal'],
    ['10.1.2.3', 'internal'],
    ['172.31.255.255', 'internal'],
    ['192.168.1.1', 'internal'],
    ['100.100.100.100', 'internal'],
    ['169.254.169.254', 'internal'],
    ['fd00:ec2::254', 'internal'],
    ['fe80::1', 'internal'],
    ['fe80::1%eth0', 'internal'],
    ['::ffff:10.0.0.1', 'internal'],
    ['::ffff:a9fe:a9fe', 'internal'],
    ['64:ff9b::10.0.0.1', 'internal'],
    ['2002:a9fe:a9fe::1', 'internal'],
    ['224.0.0.1', 'internal'],
    ['8.8.8.8', 'public'],
    ['172.32.0.1', 'public'],
    ['64:ff9b::8.8.8.8', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['not an address', 'internal'],
  ])('%s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });
});

describe('checkWebhookUrl', () => {
  const resolveTo =
    (...addresses: string[]): ResolveHost =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('refuses a name when any of its addresses is inside, even if another is public', async () => {
    const check = await checkWebhookUrl('https://partner.example/hooks', {
      allowedHttpOrigins: [],
      resolve: resolveTo('8.8.8.8', '8.8.4.4', '10.0.0.3'),
    });
    expect(check).toMatchObject({
      ok: false,
      reason: expect.stringContaining('not a public internet address'),
    });
  });

  it('lets a listed origin use http and loopback, but nothing else inside', async () => {
    const rules = { allowedHttpOrigins: ['http://receiver.test:4000'] };
    expect(
      await checkWebhookUrl('http://receiver.test:4000/hooks', { ...rules, resolve: resolveTo('127.0.0.1') }),
    ).toMatchObject({ ok: true, address: { address: '127.0.0.1' } });
    expect(
      await checkWebhookUrl('http://receiver.test:4000/hooks', {
        ...rules,
        resolve: resolveTo('192.168.0.4'),
      }),
    ).toMatchObject({ ok: false });
    expect(
      await checkWebhookUrl('http://receiver.test:4001/hooks', { ...rules, resolve: resolveTo('8.8.8.8') }),
    ).toMatchObject({ ok: false, reason: 'The address must start with https://' });
  });

  it('refuses a name that does not resolve', async () => {
    expect(
      await checkWebhookUrl('https://nowhere.example/', { allowedHttpOrigins: [], resolve: resolveTo() }),
    ).toEqual({ ok: false, reason: 'No address was found for nowhere.example' });
  });
});
