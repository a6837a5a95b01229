/**
 * An accessible name made of a visible part and a visually hidden one ('Disable' + ' Northside
 * Support Co.'): Testing Library's name computation drops the space between them where browsers keep
 * it, so the name is matched with or without it.
 */
export function withHiddenPart(visible: string, hidden: string): RegExp {
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${literal(visible)}\\s*${literal(hidden)}$`);
}
