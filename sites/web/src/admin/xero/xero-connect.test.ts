import { describe, expect, it, vi } from 'vitest';
import { isXeroConnectedMessage, openXeroConnect, xeroConnectFailure } from './xero-connect.ts';

function view(popup: Window | null) {
  return { open: vi.fn(() => popup), location: { assign: vi.fn() } as unknown as Location };
}

describe('openXeroConnect', () => {
  it('opens /xero/connect in a popup and stays on the page', () => {
    const popup = {} as Window;
    const page = view(popup);
    expect(openXeroConnect(page)).toBe(popup);
    expect(page.open).toHaveBeenCalledWith('/xero/connect', 'xero-connect', 'popup,width=600,height=720');
    expect(page.location.assign).not.toHaveBeenCalled();
  });

  it('goes to /xero/connect in this tab when the popup is blocked', () => {
    const page = view(null);
    expect(openXeroConnect(page)).toBeNull();
    expect(page.location.assign).toHaveBeenCalledWith('/xero/connect');
  });
});

describe('isXeroConnectedMessage', () => {
  const origin = 'https://sparkleclean.example';

  it('accepts the callback page’s message from this site', () => {
    expect(isXeroConnectedMessage({ origin, data: { type: 'xero-connected' } }, origin)).toBe(true);
  });

  it('ignores the same message from another origin, and other messages', () => {
    expect(
      isXeroConnectedMessage({ origin: 'https://evil.example', data: { type: 'xero-connected' } }, origin),
    ).toBe(false);
    expect(isXeroConnectedMessage({ origin, data: 'xero-connected' }, origin)).toBe(false);
    expect(isXeroConnectedMessage({ origin, data: null }, origin)).toBe(false);
    expect(isXeroConnectedMessage({ origin, data: { type: 'something-else' } }, origin)).toBe(false);
  });
});

describe('xeroConnectFailure', () => {
  const origin = 'https://sparkleclean.example';
  const failed = (message: unknown) => ({ type: 'xero-connect-failed', message });

  it('gives the failure page’s reason from this site', () => {
    const reason = 'Access was not allowed in Xero, so nothing was connected.';
    expect(xeroConnectFailure({ origin, data: failed(reason) }, origin)).toBe(reason);
    expect(xeroConnectFailure({ origin, data: failed(undefined) }, origin)).toBe('');
  });

  it('ignores it from another origin, and any other message', () => {
    expect(xeroConnectFailure({ origin: 'https://evil.example', data: failed('No') }, origin)).toBeNull();
    expect(xeroConnectFailure({ origin, data: { type: 'xero-connected' } }, origin)).toBeNull();
    expect(xeroConnectFailure({ origin, data: 'xero-connect-failed' }, origin)).toBeNull();
  });
});
