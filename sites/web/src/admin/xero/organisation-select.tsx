import { useEffect, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { XeroTenant } from './xero-queries.ts';

/** The organisation a form starts with: the only one, when there is one. */
export function onlyOrganisation(tenants: readonly XeroTenant[]): string {
  return tenants.length === 1 ? (tenants[0]?.tenantId ?? '') : '';
}

/** How {@link useOfferedOrganisation} reads and sets a form's organisation. */
export interface OrganisationField {
  /** The organisation the form holds now. */
  chosen: string;
  /** After a submit the message follows the field, so a changed choice is checked again. */
  submitted: boolean;
  setTenant: (tenantId: string, shouldValidate: boolean) => void;
}

/**
 * Keeps a form's organisation one that is offered: with one organisation it is chosen already (unless
 * staff chose otherwise), and a choice no longer offered (disconnected meanwhile) falls back the same
 * way. It syncs the form with the list; it fetches nothing.
 * @returns what the select calls when staff pick an organisation themselves (even 'Choose an
 *   organisation'): from then on the choice stays theirs.
 */
export function useOfferedOrganisation(tenants: readonly XeroTenant[], field: OrganisationField): () => void {
  const [staffChose, setStaffChose] = useState(false);
  const { chosen, submitted, setTenant } = field;
  const only = onlyOrganisation(tenants);
  const offered = chosen === '' || tenants.some((tenant) => tenant.tenantId === chosen);
  const fallBack = !offered || (chosen === '' && only !== '' && !staffChose);
  useEffect(() => {
    if (fallBack) setTenant(only, submitted);
  }, [fallBack, setTenant, only, submitted]);
  return () => setStaffChose(true);
}

/** Props of {@link OrganisationSelect}. */
export interface OrganisationSelectProps {
  id: string;
  tenants: readonly XeroTenant[];
  /** The form's registration of its tenantId field. */
  registration: UseFormRegisterReturn;
  invalid: boolean;
  /** A message about this field shown under it (one the form's summary does not already say). */
  error?: string | undefined;
  /** The id of a form-level message that also concerns this field. */
  describedBy?: string | undefined;
}

/** The 'Organisation' select of the test-report and weekly forms. */
export function OrganisationSelect({
  id,
  tenants,
  registration,
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
        {...registration}
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
