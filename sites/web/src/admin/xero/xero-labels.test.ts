import { dayName, hourLabel, WEEK_DAYS } from '@cleanquote/content';
import { describe, expect, it } from 'vitest';
import { addRecipient, HOURS, reportNames, scheduleTiming } from './xero-labels.ts';

describe('the weekly schedule in words', () => {
  it('offers the days Sunday first as 0–6 and the hours 00:00 to 23:00 as 0–23', () => {
    expect(WEEK_DAYS[0]).toBe('Sunday');
    expect(dayName('1')).toBe('Monday');
    expect(dayName('6')).toBe('Saturday');
    const offered = HOURS.map(hourLabel);
    expect([offered[0], offered[9], offered.at(-1), offered.length]).toEqual(['00:00', '09:00', '23:00', 24]);
    expect(new Set(offered).size).toBe(24);
    expect(hourLabel('9')).toBe('09:00');
    expect(hourLabel('23')).toBe('23:00');
  });

  it('says when a schedule runs and which reports it sends', () => {
    expect(scheduleTiming({ dayOfWeek: '1', hour: '9' })).toBe('Every Monday at 09:00');
    expect(reportNames(['profit_loss', 'balance_sheet', 'bank_summary', 'trial_balance'])).toBe(
      'Profit and Loss, Balance Sheet, Bank Summary, Trial Balance',
    );
  });
});

describe('addRecipient (only if non-empty and not already listed)', () => {
  it('adds a new address, trimmed, at the end', () => {
    expect(addRecipient(['owner@sparkleclean.example'], '  books@sparkleclean.example ')).toEqual({
      added: true,
      recipients: ['owner@sparkleclean.example', 'books@sparkleclean.example'],
      address: 'books@sparkleclean.example',
    });
  });

  it('adds nothing blank', () => {
    expect(addRecipient([], '   ')).toEqual({ added: false, reason: 'empty' });
  });

  it('adds nothing already listed, in any letter case', () => {
    expect(addRecipient(['Owner@SparkleClean.example'], 'owner@sparkleclean.example ')).toEqual({
      added: false,
      reason: 'listed',
      address: 'owner@sparkleclean.example',
    });
  });
});
