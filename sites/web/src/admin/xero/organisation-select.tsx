import { useState } from 'react';
import type { XeroTenant } from '../admin-api.ts';

/**
 * The organisation chosen in a form. With one organisation it is chosen already; a choice that is no
 * longer offered (disconnected meanwhile) falls back the same way.
 */
export function useChosenOrganisation(tenants: readonly XeroTenant[]): [string, (tenantId: string) => void] {
  const [chosen, setChosen] = useState<string | null>(null);
  const offered = chosen !== null && (chosen === '' || tenants.some((tenant) => tenant.tenantId === chosen));
  const only = tenants.length === 1 ? (tenants[0]?.tenantId ?? '') : '';
  return [offered ? chosen : only, setChosen];
}

/** Props of {@link OrganisationSelect}. */
export interface OrganisationSelectProps {
  id: string;
  tenants: readonly XeroTenant[];
  value: string;
  onChange: (tenantId: string) => void;
  invalid: boolean;
  /** The server's message about this field, shown under it. */
  error?: string;
  /** The id of a form-level message that also concerns this field. */
  describedBy?: string;
}

/** The 'Organisation' select of the test-report and weekly forms. */
export function OrganisationSelect({
  id,
  tenants,
  value,
  onChange,
  invalid,
  error,
  describedBy,
}: OrganisationSelectProps) {
  const described = [describedBy, error ? `${id}-error` : undefined].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>Organisation</label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid || Boolean(error) || undefined}
        aria-describedby={described || undefined}
      >
        <option value="">Choose an organisation</option>
        {tenants.map((tenant) => (
          <option key={tenant.tenantId} value={tenant.tenantId}>
            {tenant.tenantName}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
