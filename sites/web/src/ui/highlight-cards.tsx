/** Props of {@link HighlightCards}. */
export interface HighlightCardsProps {
  items: readonly { readonly title: string; readonly description: string }[];
  /** Three per row on wide screens (values, why-choose lists); the default grid otherwise. */
  threeColumns?: boolean;
}

/** A grid of titled cards (why choose us, values): each a heading and one sentence. */
export function HighlightCards({ items, threeColumns = false }: HighlightCardsProps) {
  return (
    <ul className={threeColumns ? 'card-grid card-grid--three' : 'card-grid'}>
      {items.map((item) => (
        <li key={item.title} className="card">
          <h3>{item.title}</h3>
          <p>{item.description}</p>
        </li>
      ))}
    </ul>
  );
}
