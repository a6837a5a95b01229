import type { FaqEntry } from '@cleanquote/content';

/** Props of {@link FaqAccordion}. */
export interface FaqAccordionProps {
  entries: readonly FaqEntry[];
  /** Groups the disclosures so only one is open at a time; unique per page. */
  name?: string;
}

/**
 * The FAQ as native disclosures sharing one `name`: one answer open at a time, and the open one can
 * be closed again. The browser does all of it, so a question answers the first tap
 * before the app has hydrated, and with scripting off (decision 0008). The answers are in the HTML,
 * so search engines read them and find-in-page opens the one it finds.
 */
export function FaqAccordion({ entries, name = 'faq' }: FaqAccordionProps) {
  return (
    <div className="faq">
      {entries.map((entry) => (
        <details key={entry.question} name={name} className="faq__item">
          <summary className="faq__question">
            <h3 className="faq__heading">{entry.question}</h3>
            <svg
              className="faq__chevron"
              aria-hidden="true"
              width="20"
              height="20"
              viewBox="0 0 20 20"
              focusable="false"
            >
              <path
                d="M5 7.5l5 5 5-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </summary>
          <div className="faq__answer">
            <p>{entry.answer}</p>
          </div>
        </details>
      ))}
    </div>
  );
}
