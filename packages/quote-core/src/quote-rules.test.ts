import { describe, expect, expectTypeOf, it } from 'vitest';
import { emptyAnswers, QUOTE_FIELDS, type QuoteAnswers, type QuoteField } from './quote-answers.ts';
import { ALWAYS_REQUIRED_FIELDS } from './quote-request-rules.ts';
import {
  checkStep,
  fieldsInPlan,
  firstFailingStepIndex,
  reconcileAnswers,
  stepFields,
  stepPasses,
  toSubmission,
} from './quote-rules.ts';
import { STEP_IDS, stepsFor } from './step-plan.ts';
import { validAnswers } from './test-fixtures.ts';

const blank = (overrides: Partial<QuoteAnswers> = {}): QuoteAnswers => ({ ...emptyAnswers(), ...overrides });

describe('step rules (Next is enabled only when the step passes)', () => {
  it('service-type needs a service', () => {
    expect(checkStep('service-type', blank())).toEqual({ serviceType: 'Choose a service' });
    expect(stepPasses('service-type', blank({ serviceType: 'deep-clean' }))).toBe(true);
  });

  it('property-size needs bedrooms and bathrooms, not the property type', () => {
    expect(Object.keys(checkStep('property-size', blank()))).toEqual(['bedrooms', 'bathrooms']);
    expect(Object.keys(checkStep('property-size', blank({ bedrooms: '2' })))).toEqual(['bathrooms']);
    expect(stepPasses('property-size', blank({ bedrooms: '2', bathrooms: '1' }))).toBe(true);
    expect(
      stepPasses('property-size', blank({ bedrooms: '5+', bathrooms: '4+', propertyType: 'townhouse' })),
    ).toBe(true);
  });

  it('property-size refuses a window cleaning type as property type', () => {
    expect(
      checkStep('property-size', blank({ bedrooms: '2', bathrooms: '1', propertyType: 'both-sides' })),
    ).toEqual({
      propertyType: 'Not one of the offered choices',
    });
  });

  it('carpet-question needs an answer, yes or no', () => {
    expect(stepPasses('carpet-question', blank())).toBe(false);
    expect(stepPasses('carpet-question', blank({ carpetNeeded: 'yes' }))).toBe(true);
    expect(stepPasses('carpet-question', blank({ carpetNeeded: 'no' }))).toBe(true);
  });

  it.each(['carpet-areas', 'standalone-carpet-areas'] as const)('%s needs at least one room kind', (step) => {
    expect(checkStep(step, blank())).toEqual({ carpetAreas: 'Add at least one room' });
    expect(
      stepPasses(step, blank({ carpetAreas: ['staircases'], carpetRoomCounts: { staircases: 1 } })),
    ).toBe(true);
  });

  it('carpet-areas refuses a count above the room maximum', () => {
    const answers = blank({ carpetAreas: ['bedrooms'], carpetRoomCounts: { bedrooms: 7 } });
    expect(checkStep('carpet-areas', answers)).toEqual({
      'carpetRoomCounts.bedrooms': 'Bedrooms: at most 6',
    });
  });

  it('oven-details needs the oven size; condition and extras are optional', () => {
    expect(checkStep('oven-details', blank({ ovenCondition: 'burnt-food' }))).toEqual({
      ovenType: 'Choose your oven size',
    });
    expect(stepPasses('oven-details', blank({ ovenType: '60cm-oven' }))).toBe(true);
  });

  it('window-details needs a panel count from 1 to 500; the cleaning type is optional', () => {
    expect(checkStep('window-details', blank())).toEqual({
      windowPanels: 'Enter the number of window panels',
    });
    expect(stepPasses('window-details', blank({ windowPanels: 0 }))).toBe(false);
    expect(stepPasses('window-details', blank({ windowPanels: 1 }))).toBe(true);
    expect(stepPasses('window-details', blank({ windowPanels: 500 }))).toBe(true);
    expect(stepPasses('window-details', blank({ windowPanels: 501 }))).toBe(false);
    expect(stepPasses('window-details', blank({ windowPanels: 2.5 }))).toBe(false);
    expect(stepPasses('window-details', blank({ windowPanels: 8, propertyType: 'exterior-only' }))).toBe(
      true,
    );
  });

  it('window-details refuses a property type as window cleaning type', () => {
    expect(
      Object.keys(checkStep('window-details', blank({ windowPanels: 8, propertyType: 'apartment' }))),
    ).toEqual(['propertyType']);
  });

  it('ndis-client-details needs the client type', () => {
    expect(checkStep('ndis-client-details', blank())).toEqual({
      ndisClientType: 'Tell us who is arranging the clean',
    });
    expect(stepPasses('ndis-client-details', blank({ ndisClientType: 'self-managed' }))).toBe(true);
  });

  it('ndis-client-details needs name, phone and email of a case manager; organisation optional', () => {
    expect(Object.keys(checkStep('ndis-client-details', blank({ ndisClientType: 'case-manager' })))).toEqual([
      'caseManagerName',
      'caseManagerPhone',
      'caseManagerEmail',
    ]);
    const complete = validAnswers('ndis-aged-care+case-manager', { caseManagerOrganization: '' });
    expect(stepPasses('ndis-client-details', complete)).toBe(true);
    expect(checkStep('ndis-client-details', { ...complete, caseManagerEmail: 'sam@' })).toEqual({
      caseManagerEmail: 'Enter a valid email address',
    });
  });

  it('ndis-client-details asks a case manager, and only a case manager, whether to email updates (off unless ticked)', () => {
    const caseManager = validAnswers('ndis-aged-care+case-manager');
    expect(caseManager.caseManagerUpdates).toBe(false);
    expect(stepFields('ndis-client-details', caseManager)).toContainEqual({
      field: 'caseManagerUpdates',
      required: false,
    });
    expect(
      stepFields('ndis-client-details', { ...caseManager, ndisClientType: 'self-managed' }).map(
        ({ field }) => field,
      ),
    ).not.toContain('caseManagerUpdates');
    expect(stepPasses('ndis-client-details', { ...caseManager, caseManagerUpdates: true })).toBe(true);
    // Ticked, the box still needs the email the updates go to.
    expect(
      checkStep('ndis-client-details', { ...caseManager, caseManagerUpdates: true, caseManagerEmail: '' }),
    ).toEqual({ caseManagerEmail: "Enter the case manager's email address" });
  });

  it('timing needs an urgency choice', () => {
    expect(stepPasses('timing', blank())).toBe(false);
    expect(stepPasses('timing', blank({ urgency: 'just-browsing' }))).toBe(true);
  });

  it('contact-info needs name, phone, email and address, not just whitespace', () => {
    expect(Object.keys(checkStep('contact-info', blank({ name: '   ' })))).toEqual([
      'name',
      'phone',
      'email',
      'address',
    ]);
    expect(stepPasses('contact-info', validAnswers('regular-clean'))).toBe(true);
  });

  it('contact-info refuses an unusable email, phone or an overlong name', () => {
    const answers = validAnswers('regular-clean');
    expect(checkStep('contact-info', { ...answers, email: 'alex@' })).toEqual({
      email: 'Enter a valid email address',
    });
    expect(checkStep('contact-info', { ...answers, phone: 'call me' })).toEqual({
      phone: 'Enter a phone number with at least 8 digits',
    });
    expect(Object.keys(checkStep('contact-info', { ...answers, name: 'x'.repeat(201) }))).toEqual(['name']);
  });

  it('terms-agreement needs the box ticked', () => {
    expect(checkStep('terms-agreement', blank())).toEqual({
      termsAccepted: 'Please agree to the terms and privacy policy',
    });
    expect(stepPasses('terms-agreement', blank({ termsAccepted: true }))).toBe(true);
  });

  it('final-details needs nothing', () => {
    expect(stepPasses('final-details', blank())).toBe(true);
    expect(
      stepPasses('final-details', blank({ howFoundUs: 'previous-customer', specialRequests: 'Pets' })),
    ).toBe(true);
  });

  it('final-details refuses special requests over 5000 characters', () => {
    expect(stepPasses('final-details', blank({ specialRequests: 'x'.repeat(5001) }))).toBe(false);
  });

  it('asks every step, in every plan, for at least one field', () => {
    for (const step of STEP_IDS) expect(stepFields(step, blank()).length).toBeGreaterThan(0);
  });
});

describe('firstFailingStepIndex', () => {
  it('is -1 when every step passes', () => {
    expect(firstFailingStepIndex(validAnswers('oven-clean'))).toBe(-1);
  });

  it('points at the earliest step that does not pass', () => {
    expect(firstFailingStepIndex(validAnswers('oven-clean', { ovenType: undefined, name: '' }))).toBe(1);
    expect(firstFailingStepIndex(blank())).toBe(0);
  });
});

describe('ALWAYS_REQUIRED_FIELDS', () => {
  it('is exactly the fields required in every plan', () => {
    const plans = [
      validAnswers('regular-clean'),
      validAnswers('end-of-lease+carpet'),
      validAnswers('carpet-clean'),
      validAnswers('oven-clean'),
      validAnswers('window-clean'),
      validAnswers('ndis-aged-care+case-manager'),
    ];
    const requiredIn = (answers: QuoteAnswers) =>
      new Set(
        stepsFor(answers).flatMap((step) =>
          stepFields(step, answers)
            .filter(({ required }) => required)
            .map(({ field }) => field),
        ),
      );
    const [first, ...others] = plans.map(requiredIn);
    const common = [...(first ?? [])].filter((field) => others.every((required) => required.has(field)));
    expect(common.sort()).toEqual([...ALWAYS_REQUIRED_FIELDS].sort());
  });
});

describe('QUOTE_FIELDS', () => {
  it('lists every answer field', () => {
    expectTypeOf<(typeof QUOTE_FIELDS)[number]>().toEqualTypeOf<QuoteField>();
    // Required<> makes the compiler insist on every field here.
    const everyField: Required<QuoteAnswers> = {
      ...validAnswers('end-of-lease+carpet'),
      propertyType: 'apartment',
      ovenType: '60cm-oven',
      ovenCondition: 'burnt-food',
      windowPanels: 3,
      ndisClientType: 'case-manager',
      howFoundUs: 'web-search',
      serviceType: 'end-of-lease',
      bedrooms: '1',
      bathrooms: '1',
      carpetNeeded: 'yes',
      urgency: 'next-week',
    };
    expect(new Set(QUOTE_FIELDS)).toEqual(new Set(Object.keys(everyField)));
  });
});

describe('toSubmission: answers that no longer apply are not submitted', () => {
  it('drops oven answers after switching to window cleaning', () => {
    const answers = validAnswers('oven-clean', {
      serviceType: 'window-clean',
      windowPanels: 10,
      propertyType: 'interior-only',
    });
    const submission = toSubmission(answers);
    expect(submission).not.toHaveProperty('ovenType');
    expect(submission).not.toHaveProperty('ovenCondition');
    expect(submission).not.toHaveProperty('cleaningFocus');
    expect(submission).toMatchObject({
      serviceType: 'window-clean',
      windowPanels: 10,
      propertyType: 'interior-only',
    });
  });

  it('drops carpet rooms after changing the carpet answer to no', () => {
    const submission = toSubmission(validAnswers('end-of-lease+carpet', { carpetNeeded: 'no' }));
    expect(submission).toMatchObject({ carpetNeeded: 'no', bedrooms: '2' });
    expect(submission).not.toHaveProperty('carpetAreas');
    expect(submission).not.toHaveProperty('carpetRoomCounts');
  });

  it('drops property size and the carpet answer after switching to carpet cleaning', () => {
    const submission = toSubmission(validAnswers('end-of-lease+carpet', { serviceType: 'carpet-clean' }));
    expect(submission).toMatchObject({ carpetAreas: ['bedrooms', 'hallways'] });
    expect(submission).not.toHaveProperty('bedrooms');
    expect(submission).not.toHaveProperty('carpetNeeded');
  });

  it('drops case manager details for a self-managed client', () => {
    const submission = toSubmission(
      validAnswers('ndis-aged-care+case-manager', { ndisClientType: 'self-managed' }),
    );
    expect(submission.ndisClientType).toBe('self-managed');
    expect(Object.keys(submission).filter((key) => key.startsWith('caseManager'))).toEqual([]);
  });

  it("sends the case manager's updates only when ticked, and only for a case manager's booking", () => {
    const ticked = validAnswers('ndis-aged-care+case-manager', { caseManagerUpdates: true });
    expect(toSubmission(ticked)).toMatchObject({
      caseManagerEmail: 'sam@support.example.org',
      caseManagerUpdates: true,
    });
    expect(toSubmission({ ...ticked, caseManagerUpdates: false })).not.toHaveProperty('caseManagerUpdates');
    expect(toSubmission({ ...ticked, ndisClientType: 'self-managed' })).not.toHaveProperty(
      'caseManagerUpdates',
    );
  });

  it('drops blank optional answers', () => {
    const submission = toSubmission(
      validAnswers('regular-clean', { propertyType: undefined, specialRequests: '' }),
    );
    expect(submission).not.toHaveProperty('propertyType');
    expect(submission).not.toHaveProperty('specialRequests');
    expect(submission).not.toHaveProperty('howFoundUs');
  });

  it('submits only fields of the plan', () => {
    const answers = validAnswers('window-clean', {
      bedrooms: '3',
      ovenType: '60cm-oven',
      carpetNeeded: 'yes',
    });
    const inPlan = fieldsInPlan(answers);
    for (const field of Object.keys(toSubmission(answers)))
      expect(inPlan.has(field as QuoteField)).toBe(true);
  });
});

describe('reconcileAnswers', () => {
  it('clears a window cleaning type when the plan asks for a property type', () => {
    const answers = reconcileAnswers(validAnswers('window-clean', { serviceType: 'deep-clean' }));
    expect(answers.propertyType).toBeUndefined();
    expect(answers.windowPanels).toBe(12);
  });

  it('clears a property type when the plan asks for a window cleaning type', () => {
    expect(
      reconcileAnswers(validAnswers('regular-clean', { serviceType: 'window-clean' })).propertyType,
    ).toBe(undefined);
  });

  it('keeps a property type the plan does not ask about at all', () => {
    expect(reconcileAnswers(validAnswers('regular-clean', { serviceType: 'oven-clean' })).propertyType).toBe(
      'house-single',
    );
  });
});
