import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const repositoryRoot = resolve(import.meta.dirname, '..', '..');

function startServer(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
    cwd: repositoryRoot,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
}

describe('server start-up', () => {
  it('stops with a one-line message naming DATABASE_URL when it is not a URL', () => {
    const result = startServer({ DATABASE_URL: 'not-a-url', PORT: '0' });
    expect(result.status).not.toBe(0);
    const message = result.stderr.trim();
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toContain('DATABASE_URL');
  });

  it('stops naming PORT when the port is not a number', () => {
    const result = startServer({ PORT: 'eighty' });
    expect(result.status).not.toBe(0);
    expect(result.stderr.trim()).toMatch(/^Invalid environment variable PORT/);
  });
});
