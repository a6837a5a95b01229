import type { PolicyDocument } from '@cleanquote/content';

/** Props of {@link PolicyPage}. */
export interface PolicyPageProps {
  /** Page heading, e.g. 'Terms & Conditions'. */
  title: string;
  document: PolicyDocument;
}

/** /terms and /privacy: the document's sections, one h2 each. */
export function PolicyPage({ title, document }: PolicyPageProps) {
  return (
    <div className="container">
      <div className="page-header">
        <h1>{title}</h1>
        <p className="muted">{`Last updated ${document.lastUpdated}`}</p>
      </div>
      <div className="prose">
        {document.sections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {section.body.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))}
      </div>
    </div>
  );
}
