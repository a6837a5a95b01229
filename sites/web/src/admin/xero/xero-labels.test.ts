import { dayName, hourLabel, WEEK_DAYS } from '@cleanquote/content';
import { describe, expect, it } from 'vitest';
import {
  addRecipient,
  HOURS,
  reportNames,
  SCHEDULE_RECIPIENTS_MISSING,
  SCHEDULE_TENANT_MISSING,
  scheduleProblem,
  scheduleTiming,
  TEST_REPORT_MISSING,
  testReportProblem,
} from './xero-labels.ts';

describe('the weekly schedule in words', () => {
  it('offers the days Sunday first as 0–6 and the hours 00:00 to 23:00 as 0–23 (spec §3, §9)', () => {
    expect(WEEK_DAYS[0]).toBe('Sunday');
    expect(dayName('1')).toBe('Monday');
    expect(dayName('6')).toBe('Saturday');
    expect(HOURS).toHaveLength(24);
    expect(HOURS.map(hourLabel)[0]).toBe('00:00');
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

describe('addRecipient (spec §5: only if non-empty and not already listed)', () => {
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

describe('the validation messages (spec §5)', () => {
  it('a test report needs an organisation and an email address', () => {
    expect(testReportProblem({ tenantId: '', email: 'owner@sparkleclean.example' })).toBe(
      TEST_REPORT_MISSING,
    );
    expect(testReportProblem({ tenantId: 'tenant-1', email: '  ' })).toBe(
      'Please select a tenant and enter an email address',
    );
    expect(testReportProblem({ tenantId: 'tenant-1', email: 'owner@sparkleclean.example' })).toBeNull();
  });

  it('a schedule needs the organisation first, then a recipient and a report type', () => {
    const ready = {
      tenantId: 'tenant-1',
      emailRecipients: ['owner@sparkleclean.example'],
      reportTypes: ['profit_loss' as const],
    };
    expect(scheduleProblem({ ...ready, tenantId: '', emailRecipients: [] })).toBe(SCHEDULE_TENANT_MISSING);
    expect(SCHEDULE_TENANT_MISSING).toBe('Please select a tenant');
    expect(scheduleProblem({ ...ready, emailRecipients: [] })).toBe(
      'Please add at least one email recipient and select report types',
    );
    expect(scheduleProblem({ ...ready, reportTypes: [] })).toBe(SCHEDULE_RECIPIENTS_MISSING);
    expect(scheduleProblem(ready)).toBeNull();
  });
});
