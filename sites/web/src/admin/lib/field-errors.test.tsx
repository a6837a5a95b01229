// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServerFieldErrorOptions, showServerFieldErrors } from './field-errors.ts';
import { StaffApiError } from './staff-api.ts';

afterEach(cleanup);

interface PartnerForm {
  name: string;
  origins: string;
}

/** A two-field form whose 'Answer' button hands it a failed call, as a mutation's onError would. */
function FailingForm({ failure, options }: { failure: unknown; options?: ServerFieldErrorOptions }) {
  const { register, setError, formState } = useForm<PartnerForm>({
    defaultValues: { name: '', origins: '' },
  });
  const shown = (field: keyof PartnerForm) => formState.errors[field]?.message;
  return (
    <form>
      <label htmlFor="name">Name</label>
      <input id="name" {...register('name')} aria-describedby="name-error" />
      <p id="name-error">{shown('name')}</p>
      <label htmlFor="origins">Allowed sites</label>
      <textarea id="origins" {...register('origins')} aria-describedby="origins-error" />
      <p id="origins-error">{shown('origins')}</p>
      <button
        type="button"
        onClick={(event) => {
          const named = showServerFieldErrors(failure, ['name', 'origins'], setError, options);
          event.currentTarget.dataset.named = String(named);
        }}
      >
        Answer
      </button>
    </form>
  );
}

function answer(failure: unknown, options?: ServerFieldErrorOptions) {
  render(<FailingForm failure={failure} options={options} />);
  const button = screen.getByRole('button', { name: 'Answer' });
  button.focus();
  act(() => button.click());
  return { named: button.dataset.named, button };
}

const refusal = (fields: Record<string, string>) =>
  new StaffApiError(400, 'Please check the highlighted fields.', fields);

describe('the server’s field messages on a form', () => {
  it('shows each beside its field and moves focus to the first field on screen', () => {
    const { named } = answer(
      refusal({
        origins: 'Use a web address',
        name: 'Please enter the partner’s name',
        extra: 'Not on the form',
      }),
    );
    expect(named).toBe('true');
    expect(document.getElementById('name-error')?.textContent).toBe('Please enter the partner’s name');
    expect(document.getElementById('origins-error')?.textContent).toBe('Use a web address');
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
  });

  it('takes a message about one part of a field only when asked to', () => {
    const fields = { 'origins.1': 'Use a web address like https://example.com.au' };
    expect(answer(refusal(fields)).named).toBe('false');
    expect(document.getElementById('origins-error')?.textContent).toBe('');
    cleanup();

    expect(answer(refusal(fields), { parts: true }).named).toBe('true');
    expect(document.getElementById('origins-error')?.textContent).toBe(
      'Use a web address like https://example.com.au',
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Allowed sites'));
  });

  it('can leave focus where it was', () => {
    const { button } = answer(refusal({ name: 'Please enter the partner’s name' }), { focus: false });
    expect(document.getElementById('name-error')?.textContent).toBe('Please enter the partner’s name');
    expect(document.activeElement).toBe(button);
  });

  it('answers false for a failure that names no field, so the caller reports it', () => {
    expect(answer(new StaffApiError(500, 'Internal Server Error')).named).toBe('false');
    cleanup();
    expect(answer(new Error('The server could not be reached.')).named).toBe('false');
    expect(document.getElementById('name-error')?.textContent).toBe('');
  });
});
