import { SERVICE_LABELS, SERVICE_TYPES, type ServiceType } from '@cleanquote/quote-core';
import type { ClientTestEmail } from '../admin-api.ts';

/*
 * The client email test's form as plain data: what it starts with and the body of
 * POST /api/test-client-email (spec §3, §7), the service sent as its serviceType id.
 */

/** What the form holds, as typed. */
export interface ClientTestForm {
  name: string;
  email: string;
  phone: string;
  address: string;
  service: ServiceType;
  message: string;
}

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

/** The body of POST /api/test-client-email: every field trimmed but the message. */
export function clientTestRequest(form: ClientTestForm): ClientTestEmail {
  return {
    name: form.name.trim(),
    email: form.email.trim(),
    phone: form.phone.trim(),
    address: form.address.trim(),
    service: form.service,
    message: form.message,
  };
}

/** The field messages of a 400 that belong to this form (others are reported in the toast). */
export function clientTestErrorsFrom(
  fields: Readonly<Record<string, string>>,
): Partial<Record<ClientTestField, string>> {
  const errors: Partial<Record<ClientTestField, string>> = {};
  for (const field of CLIENT_TEST_FIELDS) {
    const message = fields[field];
    if (message) errors[field] = message;
  }
  return errors;
}
