import './partners.css';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { showToast } from '../../state/site-state.ts';
import { copyText } from '../../ui/copy-text.ts';
import {
  AdminApiError,
  addPartner,
  changePartner,
  type EmbedScript,
  fetchPartners,
  type PartnerSite,
} from '../admin-api.ts';
import { reportAdminError } from '../admin-errors.ts';
import { embedSnippet, suggestedKey } from './embed-snippet.ts';

/** How long 'Copied!' shows on a copy button (spec §9). */
const COPIED_NOTICE_MS = 2000;

/**
 * /partners (issue 14): the partner sites that embed the wizard — add one (name, key, allowed
 * sites), disable or enable it, see how many quotes it sent, and copy its embed code.
 */
export function PartnersScreen() {
  const [partners, setPartners] = useState<PartnerSite[] | null>(null);
  const [embed, setEmbed] = useState<EmbedScript | null>(null);

  const load = async () => {
    try {
      const answer = await fetchPartners();
      setPartners(answer.partners);
      setEmbed(answer.embed);
    } catch (error) {
      reportAdminError(error, 'Partners Unavailable', 'The partner sites could not be loaded.');
    }
  };

  useEffect(() => {
    void load();
  }, []);

  const replace = (changed: PartnerSite) =>
    setPartners((shown) => (shown ?? []).map((partner) => (partner.key === changed.key ? changed : partner)));

  return (
    <>
      <div className="page-header">
        <h1>Partner Sites</h1>
      </div>
      <p className="muted">
        Sites that embed the quote wizard. A partner's quotes arrive in the inbox under its name, and only
        from the sites listed for it.
      </p>
      {partners === null ? (
        <p role="status">Loading partner sites…</p>
      ) : partners.length === 0 ? (
        <p>No partner sites yet. Add the first below.</p>
      ) : (
        <ul className="partner-list">
          {partners.map((partner) => (
            <PartnerItem key={partner.key} partner={partner} embed={embed} onChanged={replace} />
          ))}
        </ul>
      )}
      <AddPartnerForm
        onAdded={(partner) => {
          setPartners((shown) => [...(shown ?? []), partner]);
          showToast({
            title: 'Partner Added',
            description: `${partner.name} can now embed the quote wizard.`,
          });
        }}
      />
    </>
  );
}

function PartnerItem({
  partner,
  embed,
  onChanged,
}: {
  partner: PartnerSite;
  embed: EmbedScript | null;
  onChanged: (partner: PartnerSite) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const headingId = useId();
  useEffect(() => () => clearTimeout(timer.current), []);

  const toggle = async () => {
    setBusy(true);
    try {
      const changed = await changePartner(partner.key, { enabled: !partner.enabled });
      onChanged(changed);
      showToast({
        title: changed.enabled ? 'Partner Enabled' : 'Partner Disabled',
        description: changed.enabled
          ? `${changed.name}'s quote form works again.`
          : `${changed.name}'s quote form now asks visitors to call instead.`,
      });
    } catch (error) {
      reportAdminError(error, 'Partner Not Changed', 'The partner could not be changed. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const snippet = embed ? embedSnippet(embed, partner.key) : null;
  const copy = async () => {
    if (!snippet) return;
    try {
      await copyText(snippet);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_NOTICE_MS);
    } catch (error) {
      reportAdminError(error, 'Copy Failed', 'The embed code could not be copied.');
    }
  };

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
          onClick={() => void toggle()}
          disabled={busy}
        >
          {partner.enabled ? 'Disable' : 'Enable'}
          <span className="visually-hidden"> {partner.name}</span>
        </button>
      </div>
      <details className="partner__snippet">
        <summary>
          Embed code<span className="visually-hidden"> for {partner.name}</span>
        </summary>
        {snippet ? (
          <>
            <pre>
              <code>{snippet}</code>
            </pre>
            <button type="button" className="button button--outline" onClick={() => void copy()}>
              {copied ? 'Copied!' : 'Copy code'}
              <span className="visually-hidden"> for {partner.name}</span>
            </button>
          </>
        ) : (
          <p>The embed script has not been built on this server, so there is no code to copy yet.</p>
        )}
      </details>
    </li>
  );
}

function AddPartnerForm({ onAdded }: { onAdded: (partner: PartnerSite) => void }) {
  const ids = useId();
  const [name, setName] = useState('');
  const [key, setKey] = useState('');
  const [keyEdited, setKeyEdited] = useState(false);
  const [origins, setOrigins] = useState('');
  const [fields, setFields] = useState<Readonly<Record<string, string>>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const allowed = origins
      .split(/[\s,]+/)
      .map((origin) => origin.trim())
      .filter(Boolean);
    setBusy(true);
    try {
      const partner = await addPartner({ name, key, origins: allowed });
      onAdded(partner);
      setName('');
      setKey('');
      setKeyEdited(false);
      setOrigins('');
      setFields({});
    } catch (error) {
      if (error instanceof AdminApiError && Object.keys(error.fields).length > 0) {
        const byField: Record<string, string> = {};
        for (const [field, message] of Object.entries(error.fields))
          byField[field.split('.')[0] ?? field] ??= message;
        setFields(byField);
        document.getElementById(`${ids}-${Object.keys(byField)[0]}`)?.focus();
      } else {
        reportAdminError(error, 'Partner Not Added', 'The partner could not be added. Please try again.');
      }
    } finally {
      setBusy(false);
    }
  };

  const describedBy = (field: string) => (fields[field] ? `${ids}-${field}-error` : undefined);
  const error = (field: string) =>
    fields[field] ? (
      <p id={`${ids}-${field}-error`} className="field-error">
        {fields[field]}
      </p>
    ) : null;

  return (
    <section className="card" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`}>Add a partner</h2>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label htmlFor={`${ids}-name`}>Name</label>
          <input
            id={`${ids}-name`}
            value={name}
            maxLength={100}
            onChange={(event) => {
              setName(event.target.value);
              if (!keyEdited) setKey(suggestedKey(event.target.value));
            }}
            aria-invalid={fields.name ? true : undefined}
            aria-describedby={describedBy('name')}
          />
          {error('name')}
        </div>
        <div className="field">
          <label htmlFor={`${ids}-key`}>Key</label>
          <input
            id={`${ids}-key`}
            value={key}
            maxLength={64}
            autoCapitalize="none"
            spellCheck={false}
            onChange={(event) => {
              setKey(event.target.value);
              setKeyEdited(true);
            }}
            aria-invalid={fields.key ? true : undefined}
            aria-describedby={describedBy('key') ?? `${ids}-key-hint`}
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
            value={origins}
            onChange={(event) => setOrigins(event.target.value)}
            placeholder="https://agency.example"
            aria-invalid={fields.origins ? true : undefined}
            aria-describedby={describedBy('origins') ?? `${ids}-origins-hint`}
          />
          <p id={`${ids}-origins-hint`} className="muted">
            One per line, like https://agency.example — the sites allowed to send quotes with this key.
          </p>
          {error('origins')}
        </div>
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Adding...' : 'Add partner'}
        </button>
      </form>
    </section>
  );
}
