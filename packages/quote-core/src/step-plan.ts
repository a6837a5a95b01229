import type { QuoteAnswers } from './quote-answers.ts';

/** Every step the wizard can show. */
export const STEP_IDS = [
  'service-type',
  'property-size',
  'carpet-question',
  'carpet-areas',
  'standalone-carpet-areas',
  'oven-details',
  'window-details',
  'ndis-client-details',
  'timing',
  'contact-info',
  'terms-agreement',
  'final-details',
] as const;

/** A wizard step. */
export type StepId = (typeof STEP_IDS)[number];

/** The steps every flow ends with, in order. */
export const TAIL_STEPS = [
  'timing',
  'contact-info',
  'terms-agreement',
  'final-details',
] as const satisfies readonly StepId[];

/**
 * The steps of the wizard for the answers so far.
 *
 * Only `serviceType` and `carpetNeeded` change the plan. Before a service is chosen the plan is that
 * of 'any other service', so the step count shown on the first step is a real one.
 */
export function stepsFor(answers: Pick<QuoteAnswers, 'serviceType' | 'carpetNeeded'>): StepId[] {
  return ['service-type', ...middleSteps(answers), ...TAIL_STEPS];
}

function middleSteps({
  serviceType,
  carpetNeeded,
}: Pick<QuoteAnswers, 'serviceType' | 'carpetNeeded'>): StepId[] {
  switch (serviceType) {
    case 'carpet-clean':
      return ['standalone-carpet-areas'];
    case 'oven-clean':
      return ['oven-details'];
    case 'window-clean':
      return ['window-details'];
    case 'ndis-aged-care':
      return ['ndis-client-details'];
    case 'end-of-lease':
      return carpetNeeded === 'yes'
        ? ['property-size', 'carpet-question', 'carpet-areas']
        : ['property-size', 'carpet-question'];
    default:
      // regular-clean, deep-clean, and no service chosen yet.
      return ['property-size'];
  }
}

/** The wizard's progress as a fraction: (step + 1) / steps. */
export function progressOf(stepIndex: number, stepCount: number): number {
  return stepCount > 0 ? (stepIndex + 1) / stepCount : 0;
}
