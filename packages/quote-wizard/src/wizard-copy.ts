/**
 * The wizard's own wording. Texts marked 'fixed wording' are the product's and stay word for word
 * (visitors and the business know them); the rest is ours to reword. Option labels and ids come from
 * @cleanquote/quote-core so the wording of a choice and its submitted id never drift.
 */
import type { RoomKind, StepId } from '@cleanquote/quote-core';

/** Fixed wording: the wizard's heading and subtitle. */
export const WIZARD_TITLE = 'Get Your Cleaning Quote';
/** Fixed wording. */
export const WIZARD_SUBTITLE = 'Just a few quick questions to get you an accurate quote';

/** Button labels: fixed wording, except 'Try again', which is ours. */
export const BUTTON_LABELS = {
  back: 'Back',
  next: 'Next',
  submit: 'Get My Quote',
  submitting: 'Submitting...',
  retry: 'Try again',
} as const;

/** Fixed wording: shown once the terms box is ticked. */
export const TERMS_THANK_YOU = 'Thank you for agreeing to our terms and privacy policy';

/** The case manager's checkbox on the NDIS step: updates by email, off unless ticked. */
export const CASE_MANAGER_UPDATES_LABEL = 'Email me when this request moves on';

/** Fixed wording: the carpet summary heading. */
export const SELECTED_AREAS_TITLE = 'Selected Areas';

/** Fixed wording: 'N room(s)'. */
export function roomCountText(count: number): string {
  return `${count} room(s)`;
}

/** 'Step N of M'. */
export function stepOfText(number: number, total: number): string {
  return `Step ${number} of ${total}`;
}

/** Each step's heading (focus lands here on step change) and a short line under it. */
export const STEP_COPY: Readonly<Record<StepId, { readonly title: string; readonly intro: string }>> = {
  'service-type': {
    title: 'What type of cleaning do you need?',
    intro: 'Choose the service you would like a quote for.',
  },
  'property-size': {
    title: 'Tell us about your property',
    intro: 'Bedrooms and bathrooms help us estimate how long the clean takes.',
  },
  'carpet-question': {
    title: 'Do you need carpet steam cleaning?',
    intro: 'Many leases ask for professionally cleaned carpets when you move out.',
  },
  'carpet-areas': {
    title: 'Which carpeted areas need cleaning?',
    intro: 'Add each carpeted room we should steam clean.',
  },
  'standalone-carpet-areas': {
    title: 'Which carpeted areas need cleaning?',
    intro: 'Add each carpeted room we should steam clean.',
  },
  'oven-details': {
    title: 'Tell us about your oven',
    intro: 'The size and condition of your oven help us quote accurately.',
  },
  'window-details': {
    title: 'Tell us about your windows',
    intro: 'Count each pane of glass as one panel.',
  },
  'ndis-client-details': {
    title: 'NDIS and aged care details',
    intro: 'Tell us who is arranging the clean so we contact the right person.',
  },
  timing: {
    title: 'When do you need the clean?',
    intro: 'Choose the timing that suits you best.',
  },
  'contact-info': {
    title: 'Your contact details',
    intro: 'We will send your quote to these details.',
  },
  'terms-agreement': {
    title: 'Terms and privacy',
    intro: 'Please read the summary below and agree to continue.',
  },
  'final-details': {
    title: 'Anything else we should know?',
    intro: 'Both questions are optional. Press Get My Quote when you are ready.',
  },
};

/** Room kinds in the singular, for the counter buttons ('Add one bedroom'). */
export const ROOM_SINGULAR: Readonly<Record<RoomKind, string>> = {
  bedrooms: 'bedroom',
  'living-rooms': 'living room',
  'dining-rooms': 'dining room',
  studies: 'study',
  lounges: 'lounge',
  hallways: 'hallway',
  staircases: 'staircase',
  'other-rooms': 'other room',
};

/** The terms summary of the terms-agreement step. */
export const TERMS_SUMMARY: readonly string[] = [
  'Quotes are free, with no obligation. They are estimates, valid for 30 days from issue.',
  'Bookings need at least 24 hours notice. Please cancel at least 4 hours before your clean.',
  'Tell us about any issue within 24 hours and we will come back to re-clean it at no cost.',
  'End of lease cleans come with our bond-back guarantee.',
  'Payment is due on completion, by bank transfer or card, unless agreed otherwise.',
  'We use your details only to prepare your quote and arrange your clean, and never sell them.',
];
