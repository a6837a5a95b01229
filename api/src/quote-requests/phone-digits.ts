/**
 * A phone number's digits only: '0491 570 158' and '(04) 9157-0158' both give '0491570158'. Stored with
 * every quote (phone_digits), so a search by digits and the returning-customer match ignore spacing.
 */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D+/g, '');
}
