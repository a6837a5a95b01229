import { SERVICE_LABELS, SERVICE_TYPES, type ServiceType } from '@cleanquote/quote-core';
import type { ClientTestEmailInput } from '@cleanquote/quote-core/staff';

/*
 * The client email test's form as plain data: what it starts with, and the service select's choices
 * (each service's label, sent as its serviceType id). What is valid is the server's own schema
 * (clientTestEmail), checked in the browser with the same words.
 */

/** What the form holds, as typed: the request POST /api/test-client-email validates. */
export type ClientTestForm = ClientTestEmailInput;

/** A field of the form; also the name the API uses for it in a 400's `fields`. */
export type ClientTestField = keyof ClientTestForm;

/** The fields in screen order, so focus can go to the first one that needs attention. */
export const CLIENT_TEST_FIELDS: readonly ClientTestField[] = [
  'name',
  'email',
  'phone',
  'address',
  'service',
  'message',
];

/** The service select's options: each service's label, sent as its id. */
export const SERVICE_CHOICES: readonly { id: ServiceType; label: string }[] = SERVICE_TYPES.map((id) => ({
  id,
  label: SERVICE_LABELS[id],
}));

/** An empty form, the first service chosen. */
export function initialClientTestForm(): ClientTestForm {
  return { name: '', email: '', phone: '', address: '', service: SERVICE_TYPES[0], message: '' };
}
