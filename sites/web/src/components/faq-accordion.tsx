import type { FaqEntry } from '@cleanquote/content';
import { Accordion } from 'radix-ui';

/** Props of {@link FaqAccordion}. */
export interface FaqAccordionProps {
  entries: readonly FaqEntry[];
}

/**
 * The FAQ as a Radix accordion: one answer open at a time, and the open one can be closed again
 * (spec §2). Answers are always in the HTML (hidden while closed), so search engines read them and
 * the stylesheet shows them all when scripting is off.
 */
export function FaqAccordion({ entries }: FaqAccordionProps) {
  return (
    <Accordion.Root type="single" collapsible className="faq">
      {entries.map((entry, index) => (
        <Accordion.Item key={entry.question} value={`faq-${index + 1}`} className="faq__item">
          <Accordion.Header className="faq__heading">
            <Accordion.Trigger className="faq__trigger">
              <span>{entry.question}</span>
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
            </Accordion.Trigger>
          </Accordion.Header>
          <Accordion.Content className="faq__answer" forceMount>
            <p>{entry.answer}</p>
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
