// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AccessRequired } from './access-required.tsx';

afterEach(cleanup);

function logInHref(path: string) {
  const location = memoryLocation({ path });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AccessRequired screen="quote-requests" />
    </Router>,
  );
  return new URL(
    screen.getByRole('link', { name: 'Log In' }).getAttribute('href') ?? '',
    'https://x.example',
  );
}

describe('AccessRequired', () => {
  it("sends a signed-out visitor of one quote's page back to that quote after signing in", () => {
    const href = logInHref('/admin?quote=3f2b9c1e-quote');
    expect(href.pathname).toBe('/api/login');
    expect(href.searchParams.get('next')).toBe('/admin?quote=3f2b9c1e-quote');
  });

  it('sends a visitor of the list back to the list', () => {
    expect(logInHref('/admin').searchParams.get('next')).toBe('/admin');
  });
});
