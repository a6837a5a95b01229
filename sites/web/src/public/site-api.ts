/** The body of POST /api/team-contact: the dialog's fields and its recipient. */
export interface TeamContactFields {
  senderName: string;
  senderEmail: string;
  senderPhone?: string;
  subject?: string;
  message: string;
  /** The server resolves the address from these; it never mails an address the browser chose. */
  recipientId?: string;
  recipientName?: string;
  recipientEmail?: string;
}

/** A non-success answer: 'status: body text', or the status text when the body is empty. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

async function postJson(path: string, body: unknown): Promise<Response> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`);
  }
  return response;
}

/** Sends a contact-dialog message (201 on success). Throws {@link ApiError} or a network error. */
export async function postTeamContact(fields: TeamContactFields): Promise<void> {
  await postJson('/api/team-contact', fields);
}

/** Signs an address up for the newsletter (any ok answer is success). */
export async function postNewsletterSignUp(email: string): Promise<void> {
  await postJson('/api/newsletter', { email });
}
