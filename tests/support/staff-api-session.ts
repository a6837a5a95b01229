import { toSubmission } from '@cleanquote/quote-core';
import { validAnswers } from '@cleanquote/quote-core/test-fixtures';
import { expect } from '@playwright/test';
import type { ReceivedMail } from '../../api/src/test-support/smtp-test-server.ts';
import { deliveryAdmin, type ServerWithSmtp } from './server-with-smtp.ts';

/** A customer as the wizard's contact step takes them. */
export interface Customer {
  name: string;
  email: string;
  phone: string;
  address: string;
}

/** The customer's link in a priced quote's mail. */
export function quoteLinkIn(mail: ReceivedMail | undefined): string {
  const link = /https?:\/\/\S+?\/quote\/[A-Za-z0-9_-]{22}/.exec(mail?.text ?? '')?.[0];
  if (!link) throw new Error(`no quote link in: ${mail?.text}`);
  return link;
}

/**
 * Staff's calls to the server's API as a script makes them: signed in once as the server's admin,
 * each call with the session cookie and the server's own Origin.
 */
export async function staffApiSession(app: ServerWithSmtp) {
  const login = await fetch(`${app.url}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: app.url },
    body: JSON.stringify(deliveryAdmin),
  });
  const cookie = (login.headers.get('Set-Cookie') ?? '').split(';')[0] ?? '';

  /** Calls the staff API with the signed-in cookie (a JSON body when given). */
  function staff(path: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
    return fetch(`${app.url}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        Cookie: cookie,
        Origin: app.url,
        ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  }

  /** The mails the SMTP server received for `address`, oldest first. */
  function mailsTo(address: string): ReceivedMail[] {
    return app.received.filter((mail) => mail.envelope.to.includes(address));
  }

  /**
   * Stores an end-of-lease request (with carpets) through the public API, as the wizard sends it;
   * its id and reference once its confirmation arrived.
   */
  async function storeRequest(customer: Customer): Promise<{ id: string; reference: string }> {
    const before = mailsTo(customer.email).length;
    const stored = await fetch(`${app.url}/api/service-form`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: app.url },
      body: JSON.stringify(toSubmission(validAnswers('end-of-lease+carpet', customer))),
    });
    expect(stored.status).toBe(201);
    const { reference } = (await stored.json()) as { reference: string };
    await expect.poll(() => mailsTo(customer.email).length, { timeout: 15_000 }).toBe(before + 1);
    const list = (await (await staff(`/api/contact?q=${encodeURIComponent(customer.email)}`)).json()) as {
      id: string;
      reference: string;
    }[];
    const id = list.find((each) => each.reference === reference)?.id;
    if (!id) throw new Error('the stored request is not in the inbox');
    return { id, reference };
  }

  return { cookie, staff, mailsTo, storeRequest };
}

export type StaffApiSession = Awaited<ReturnType<typeof staffApiSession>>;
