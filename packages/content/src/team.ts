import { business } from './business.ts';
import type { Recipient, TeamMember } from './types.ts';

/** The staff shown on the home and team pages, each reachable through the contact dialog. */
export const team: readonly TeamMember[] = [
  {
    id: 'founder',
    name: 'Sarah Mitchell',
    title: 'Founder',
    role: 'Founder & Head of Operations',
    phone: '0491 570 156',
    email: 'sarah@sparkleclean.example',
    bio: 'Sarah started the business after years of cleaning homes across Melbourne herself. She trains every new cleaner, sets our quality checklists and still visits jobs each week to make sure every home gets the care she would give her own.',
    photo: '/images/team-founder.svg',
  },
  {
    id: 'sales-manager',
    name: 'James Nguyen',
    title: 'Sales Manager',
    role: 'Sales Manager',
    phone: '0491 570 157',
    email: 'james@sparkleclean.example',
    bio: 'James looks after quotes, recurring bookings and our commercial and NDIS clients. He works with households, property managers and support coordinators to find a cleaning plan that suits their schedule and needs.',
    photo: '/images/team-sales-manager.svg',
  },
];

/** The shared inbox the FAQ and thank-you 'Email Us' dialogs address. */
export const customerService: Recipient = {
  id: 'customer-service',
  name: 'Customer Service Team',
  title: 'Customer Service',
  email: business.customerServiceEmail,
};

// Keyed by id so the API can resolve an address without trusting one sent by the browser; a Map
// also keeps ids such as '__proto__' or 'toString' from reaching object prototype properties.
const recipientsById: ReadonlyMap<string, Recipient> = new Map<string, Recipient>(
  [...team, customerService].map((recipient) => [recipient.id, recipient]),
);

/**
 * Resolves a contact-dialog recipient id to the team member or customer-service entry.
 * The server uses this to pick the destination address, so the endpoint only ever mails known
 * recipients: the browser names a recipient, never an address, so it is no open relay.
 *
 * @returns the recipient, or `undefined` for an unknown id.
 */
export function findRecipient(id: string): Recipient | undefined {
  return recipientsById.get(id);
}
