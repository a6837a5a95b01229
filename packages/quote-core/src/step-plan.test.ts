import { describe, expect, it } from 'vitest';
import { progressOf, stepsFor } from './step-plan.ts';
import { FLOW_NAMES, SPEC_SEQUENCES, validAnswers } from './test-fixtures.ts';

describe("stepsFor: service-type, the service's own steps, then timing, contact-info, terms, final details", () => {
  it.each(FLOW_NAMES)('gives the written-out step sequence for %s', (flow) => {
    expect(stepsFor(validAnswers(flow))).toEqual(SPEC_SEQUENCES[flow]);
  });

  it("uses 'any other service' before a service is chosen", () => {
    expect(stepsFor({})).toEqual(SPEC_SEQUENCES['regular-clean']);
  });

  it('adds carpet-areas for end of lease only when the carpet answer is yes', () => {
    expect(stepsFor({ serviceType: 'end-of-lease' })).toContain('carpet-question');
    expect(stepsFor({ serviceType: 'end-of-lease' })).not.toContain('carpet-areas');
    expect(stepsFor({ serviceType: 'end-of-lease', carpetNeeded: 'no' })).not.toContain('carpet-areas');
    expect(stepsFor({ serviceType: 'end-of-lease', carpetNeeded: 'yes' })).toContain('carpet-areas');
  });

  it('ignores the carpet answer outside end of lease', () => {
    expect(stepsFor({ serviceType: 'deep-clean', carpetNeeded: 'yes' })).toEqual(
      SPEC_SEQUENCES['deep-clean'],
    );
  });

  it('treats an unknown service (untrusted body) like any other service', () => {
    expect(stepsFor({ serviceType: 'spring-clean' as never })).toEqual(SPEC_SEQUENCES['regular-clean']);
  });
});

describe('progressOf', () => {
  it('is (step + 1) / steps', () => {
    expect(progressOf(0, 6)).toBeCloseTo(1 / 6);
    expect(progressOf(5, 6)).toBe(1);
    expect(progressOf(3, 8)).toBe(0.5);
  });

  it('is 0 for an empty plan rather than NaN', () => {
    expect(progressOf(0, 0)).toBe(0);
  });
});
