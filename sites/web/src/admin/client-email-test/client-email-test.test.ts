import { describe, expect, it } from 'vitest';
import {
  clientTestErrorsFrom,
  clientTestRequest,
  initialClientTestForm,
  SERVICE_CHOICES,
} from './client-email-test.ts';

describe('the client email test form', () => {
  it('offers every service by its label and sends its serviceType id', () => {
    expect(SERVICE_CHOICES.map((choice) => choice.label)).toEqual([
      'Regular Cleaning',
      'Deep Cleaning',
      'End of Lease Cleaning',
      'Carpet Cleaning',
      'Window Cleaning',
      'Oven Cleaning',
      'NDIS & Aged Care Cleaning',
    ]);
    expect(SERVICE_CHOICES.find((choice) => choice.label === 'End of Lease Cleaning')?.id).toBe(
      'end-of-lease',
    );
    expect(initialClientTestForm().service).toBe('regular-clean');
  });

  it('posts spec §7’s payload, trimmed, the message as typed', () => {
    expect(
      clientTestRequest({
        name: ' Priya Shah ',
        email: ' priya@example.com',
        phone: '0491 570 158 ',
        address: ' 12 Chapel St, South Yarra, VIC',
        service: 'end-of-lease',
        message: ' Keys under the mat\n',
      }),
    ).toEqual({
      name: 'Priya Shah',
      email: 'priya@example.com',
      phone: '0491 570 158',
      address: '12 Chapel St, South Yarra, VIC',
      service: 'end-of-lease',
      message: ' Keys under the mat\n',
    });
  });

  it('keeps the messages of a 400 that belong to its fields', () => {
    expect(clientTestErrorsFrom({ email: 'Please enter a valid email address', body: 'x' })).toEqual({
      email: 'Please enter a valid email address',
    });
  });
});
