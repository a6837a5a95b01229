import { describe, expect, it } from 'vitest';
import { quoteRequestSchema } from './quote-request.ts';
import { toSubmission } from './quote-rules.ts';
import { summarizeQuoteRequest } from './quote-summary.ts';
import { validAnswers } from './test-fixtures.ts';

describe('summarizeQuoteRequest', () => {
  it('puts every given answer in words, labels instead of ids', () => {
    const request = quoteRequestSchema.parse({
      ...toSubmission(validAnswers('end-of-lease+carpet')),
      specialRequests: 'Key under the mat',
    });
    const lines = summarizeQuoteRequest(request);
    const byLabel = Object.fromEntries(lines.map((line) => [line.label, line.value]));
    expect(byLabel.Service).toBe('End of Lease Cleaning');
    expect(byLabel['Carpet cleaning needed']).toMatch(/^Yes/);
    expect(byLabel['Carpet areas']).toMatch(/\w+: \d/);
    expect(byLabel['Special requests']).toBe('Key under the mat');
    expect(byLabel.Timing).not.toBe(request.urgency);
    expect(lines.map((line) => line.label)).not.toContain('Oven size');
  });

  it('says when the case manager asked for updates, and nothing when they did not', () => {
    const ticked = quoteRequestSchema.parse(
      toSubmission(validAnswers('ndis-aged-care+case-manager', { caseManagerUpdates: true })),
    );
    expect(summarizeQuoteRequest(ticked)).toContainEqual({
      label: 'Case manager updates',
      value: 'Yes, by email',
    });
    const unticked = quoteRequestSchema.parse(toSubmission(validAnswers('ndis-aged-care+case-manager')));
    expect(summarizeQuoteRequest(unticked).map((line) => line.label)).not.toContain('Case manager updates');
  });

  it('names the window cleaning type as such', () => {
    const request = quoteRequestSchema.parse(toSubmission(validAnswers('window-clean')));
    const labels = summarizeQuoteRequest(request).map((line) => line.label);
    expect(labels).toContain('Window cleaning type');
    expect(labels).toContain('Window panels');
  });
});
