import { describe, expect, it } from 'vitest';
import { replyTiming } from './reply-timing.ts';

const now = Date.parse('2026-11-23T00:00:00Z');
const dueIn = (ms: number) => ({ status: 'new' as const, replyDueAt: new Date(now + ms).toISOString() });
const HOUR = 60 * 60 * 1000;

describe('replyTiming', () => {
  it('counts whole hours until the reply is due', () => {
    expect(replyTiming(dueIn(5 * HOUR + 59 * 60 * 1000), now)).toMatchObject({
      state: 'due',
      text: 'Reply due in 5 h',
    });
    expect(replyTiming(dueIn(20 * 60 * 1000), now)).toMatchObject({
      state: 'due',
      text: 'Reply due in under 1 h',
    });
  });

  it('counts whole hours late once the promise has passed', () => {
    expect(replyTiming(dueIn(-2 * HOUR - 1000), now)).toMatchObject({
      state: 'overdue',
      text: 'Overdue by 2 h',
    });
    expect(replyTiming(dueIn(-1000), now)).toMatchObject({ state: 'overdue', text: 'Overdue by under 1 h' });
  });

  it('has nothing due once the quote has been answered', () => {
    expect(replyTiming({ status: 'contacted', replyDueAt: new Date(now - HOUR).toISOString() }, now)).toEqual(
      {
        state: 'answered',
      },
    );
  });
});
