import './partners.css';
import { type NewPartner, newPartner } from '@cleanquote/quote-core/staff';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { showToast } from '../../state/site-state.ts';
import { useCopyWithNotice } from '../lib/copy-with-notice.ts';
import { showServerFieldErrors } from '../lib/field-errors.ts';
import { reportFormFailure } from '../lib/query-client.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { embedSnippet, suggestedKey } from './embed-snippet.ts';
import {
  type EmbedScript,
  type PartnerSite,
  partnersScreenQuery,
  useAddPartner,
  useChangePartner,
  useDeletePartner,
} from './partners-queries.ts';
import { WebhookSection } from './webhook-section.tsx';

/**
 * /partners: the partner sites that embed the wizard — add one (name, key, allowed
 * sites), disable or enable it, see how many quotes it sent, copy its embed code, and set the
 * webhook that tells its own systems about its quotes.
 */
export function PartnersScreen() {
  const list = useQuery(partnersScreenQuery);
  const heading = useRef<HTMLHeadingElement>(null);
  const partners = list.data?.partners;

  return (
    <>
      <div className="page-header">
        <h1 ref={heading} tabIndex={-1}>
          Partner Sites
        </h1>
      </div>
      <p className="muted">
        Sites that embed the quote wizard. A partner's quotes arrive in the inbox under its name, and only
        from the sites listed for it.
      </p>
      {partners === undefined ? (
        <p role="status">Loading partner sites…</p>
      ) : partners.length === 0 ? (
        <p>No partner sites yet. Add the first below.</p>
      ) : (
        <ul className="partner-list">
          {partners.map((partner) => (
            <PartnerItem
              key={partner.key}
              partner={partner}
              embed={list.data?.embed ?? null}
              // Its card is gone: focus goes to the page's heading, which stays.
              onDeleted={() => heading.current?.focus()}
            />
          ))}
        </ul>
      )}
      <AddPartnerForm />
    </>
  );
}

function PartnerItem({
  partner,
  embed,
  onDeleted,
}: {
  partner: PartnerSite;
  embed: EmbedScript | null;
  onDeleted: () => void;
}) {
  const change = useChangePartner();
  const busy = change.isPending;
  const { copied, copy } = useCopyWithNotice('The embed code could not be copied.');
  const headingId = useId();

  const toggle = () => {
    if (busy) return;
    change.mutate(
      { key: partner.key, change: { enabled: !partner.enabled } },
      {
        onSuccess: () =>
          showToast({
            title: partner.enabled ? 'Partner Disabled' : 'Partner Enabled',
            description: partner.enabled
              ? `${partner.name}'s quote form now asks visitors to call instead.`
              : `${partner.name}'s quote form works again.`,
          }),
      },
    );
  };

  const snippet = embed ? embedSnippet(embed, partner.key) : null;

  return (
    <li className="card partner" aria-labelledby={headingId}>
      <div className="admin-greeting">
        <h2 id={headingId}>{partner.name}</h2>
        <span className={partner.enabled ? 'badge badge--success' : 'badge'}>
          {partner.enabled ? 'Active' : 'Disabled'}
        </span>
      </div>
      <dl className="status-list">
        <div>
          <dt>Key:</dt> <dd>{partner.key}</dd>
        </div>
        <div>
          <dt>Allowed sites:</dt> <dd>{partner.origins.join(', ')}</dd>
        </div>
        <div>
          <dt>Quote requests:</dt> <dd>{partner.quoteCount}</dd>
        </div>
      </dl>
      <div className="button-row button-row--tight">
        <button
          type="button"
          className="button button--outline"
          onClick={toggle}
          aria-disabled={busy || undefined}
        >
          {partner.enabled ? 'Disable' : 'Enable'}
          <span className="visually-hidden"> {partner.name}</span>
        </button>
        {partner.quoteCount === 0 ? <DeletePartnerDialog partner={partner} onDeleted={onDeleted} /> : null}
      </div>
      {partner.quoteCount > 0 ? (
        <p className="muted partner__note">
          Its quote requests keep its name, so it can be disabled but not deleted.
        </p>
      ) : null}
      <details className="partner__snippet disclosure">
        <summary>
          <span className="disclosure__marker" aria-hidden="true" />
          Embed code<span className="visually-hidden"> for {partner.name}</span>
        </summary>
        {snippet ? (
          <>
            <pre>
              <code>{snippet}</code>
            </pre>
            <button type="button" className="button button--outline" onClick={() => void copy(snippet, true)}>
              {copied ? 'Copied!' : 'Copy code'}
              <span className="visually-hidden"> for {partner.name}</span>
            </button>
          </>
        ) : (
          <p>The embed script has not been built on this server, so there is no code to copy yet.</p>
        )}
      </details>
      <WebhookSection partner={partner} />
    </li>
  );
}

/**
 * 'Delete' for a partner with no quote requests: an alert dialog naming the partner, focus on
 * Cancel, Escape cancels. Confirmed, the partner and its key are gone at once.
 */
function DeletePartnerDialog({ partner, onDeleted }: { partner: PartnerSite; onDeleted: () => void }) {
  const deleting = useDeletePartner();
  return (
    <ConfirmDialog
      trigger="Delete"
      subject={partner.name}
      title={`Delete ${partner.name}?`}
      description="Its key stops working at once: its sites can no longer send quotes with it. It has sent no quote requests."
      confirmLabel="Delete partner"
      busyLabel="Deleting..."
      confirmClassName="partner__delete"
      busy={deleting.isPending}
      action={async () => {
        await deleting.mutateAsync(partner.key);
        showToast({
          title: 'Partner Deleted',
          description: `${partner.name} is deleted, and its key no longer works.`,
        });
      }}
      focusAfter={onDeleted}
    />
  );
}

/** The sites typed one per line (or separated by commas or spaces), as the list the API takes. */
const originList = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((origin) => origin.trim())
    .filter(Boolean);

/** What the add form holds: the allowed sites as the text typed. */
interface PartnerFormInput {
  name: string;
  key: string;
  origins: string;
}
type PartnerField = keyof PartnerFormInput;
const partnerFields: readonly PartnerField[] = ['name', 'key', 'origins'];

const checkNewPartner = zodResolver(newPartner);

/**
 * Checks the form with the server's own schema (newPartner), the sites read into the list the API
 * takes, so each site is judged in the server's words before anything is sent.
 */
const partnerResolver: Resolver<PartnerFormInput, unknown, NewPartner> = async (values, context, options) => {
  const result = await checkNewPartner(
    { ...values, origins: originList(values.origins) },
    context,
    // The field names are the form's own: only 'origins' differs in shape, not in name.
    options as unknown as Parameters<typeof checkNewPartner>[2],
  );
  return Object.keys(result.errors).length > 0
    ? { values: {}, errors: result.errors as Record<string, never> }
    : { values: result.values as NewPartner, errors: {} };
};

/** A field's message: its own, or (for the sites) the first site's. */
function messageOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  if (Array.isArray(error)) return error.map(messageOf).find(Boolean);
  return undefined;
}

function AddPartnerForm() {
  const ids = useId();
  const add = useAddPartner();
  const { register, handleSubmit, setError, setValue, getFieldState, reset, formState } = useForm<
    PartnerFormInput,
    unknown,
    NewPartner
  >({
    resolver: partnerResolver,
    defaultValues: { name: '', key: '', origins: '' },
  });

  const submit = handleSubmit((partner) => {
    if (add.isPending) return;
    add.mutate(partner, {
      onSuccess: () => {
        reset();
        showToast({ title: 'Partner Added', description: `${partner.name} can now embed the quote wizard.` });
      },
      onError: (error) => {
        if (showServerFieldErrors(error, partnerFields, setError, { parts: true })) return;
        reportFormFailure(error, 'Partner Not Added', 'The partner could not be added. Please try again.');
      },
    });
  });

  const message = (field: PartnerField) => messageOf(formState.errors[field]);
  const describedBy = (field: PartnerField, hint?: string) =>
    (message(field) ? `${ids}-${String(field)}-error` : undefined) ?? hint;
  const error = (field: PartnerField) => {
    const text = message(field);
    return text ? (
      <p id={`${ids}-${String(field)}-error`} className="field-error">
        {text}
      </p>
    ) : null;
  };

  return (
    <section className="card" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`}>Add a partner</h2>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label htmlFor={`${ids}-name`}>Name</label>
          <input
            id={`${ids}-name`}
            maxLength={100}
            {...register('name', {
              // The key follows the name until staff type a key of their own.
              onChange: (event: { target: { value: string } }) => {
                if (!getFieldState('key').isDirty) setValue('key', suggestedKey(event.target.value));
              },
            })}
            aria-invalid={message('name') ? true : undefined}
            aria-describedby={describedBy('name')}
          />
          {error('name')}
        </div>
        <div className="field">
          <label htmlFor={`${ids}-key`}>Key</label>
          <input
            id={`${ids}-key`}
            maxLength={64}
            autoCapitalize="none"
            spellCheck={false}
            {...register('key')}
            aria-invalid={message('key') ? true : undefined}
            aria-describedby={describedBy('key', `${ids}-key-hint`)}
          />
          <p id={`${ids}-key-hint`} className="muted">
            Lower-case letters, digits and hyphens. It goes in the partner's embed code.
          </p>
          {error('key')}
        </div>
        <div className="field">
          <label htmlFor={`${ids}-origins`}>Allowed sites</label>
          <textarea
            id={`${ids}-origins`}
            rows={3}
            placeholder="https://agency.example"
            {...register('origins')}
            aria-invalid={message('origins') ? true : undefined}
            aria-describedby={describedBy('origins', `${ids}-origins-hint`)}
          />
          <p id={`${ids}-origins-hint`} className="muted">
            One per line, like https://agency.example — the sites allowed to send quotes with this key.
          </p>
          {error('origins')}
        </div>
        <button type="submit" className="button" aria-disabled={add.isPending || undefined}>
          {add.isPending ? 'Adding...' : 'Add partner'}
        </button>
      </form>
    </section>
  );
}
