import { describe, expect, it } from 'vitest';
import { HashingGate, PasswordChecksBusy, verifyNothing } from './password.ts';

describe('HashingGate', () => {
  it('runs at most `concurrency` computations at once and the rest in turn', async () => {
    const gate = new HashingGate(2, 100);
    let running = 0;
    let most = 0;
    const work = () =>
      gate.run(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        return 'done';
      });
    expect(await Promise.all(Array.from({ length: 12 }, work))).toEqual(Array(12).fill('done'));
    expect(most).toBe(2);
  });

  it('refuses work beyond its waiting room, and keeps going after a failure', async () => {
    const gate = new HashingGate(1, 2);
    let release = () => {};
    const first = gate.run(() => new Promise<void>((resolve) => (release = resolve)));
    const waiting = [gate.run(async () => 1), gate.run(async () => 2)];
    await expect(gate.run(async () => 3)).rejects.toBeInstanceOf(PasswordChecksBusy);
    release();
    await first;
    expect(await Promise.all(waiting)).toEqual([1, 2]);
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(async () => 'still works')).toBe('still works');
  });

  it('spends a real verification when there is no account', async () => {
    expect(await verifyNothing('anything')).toBe(false);
  });
});
