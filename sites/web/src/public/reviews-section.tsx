import { business } from '@cleanquote/content';

/** Height of the reviews widget's frame, in CSS pixels. */
export const REVIEWS_FRAME_HEIGHT = 400;

/**
 * Customer reviews: the third-party widget in a sandboxed frame (in the served HTML, loaded when it
 * nears the viewport), and a link to the reviews on a web search that works with scripting off or
 * when the widget cannot load.
 */
export function ReviewsSection() {
  return (
    <section id="reviews" className="section" aria-labelledby="reviews-heading">
      <div className="container">
        <h2 id="reviews-heading">What Our Customers Say</h2>
        <p className="section__lead">Real reviews from Melbourne households and businesses we clean for.</p>
        <iframe
          className="reviews__frame"
          src={business.reviewsWidgetUrl}
          title={`Customer reviews of ${business.name}`}
          height={REVIEWS_FRAME_HEIGHT}
          loading="lazy"
          referrerPolicy="strict-origin-when-cross-origin"
          sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
        />
        <p className="reviews__fallback">
          <a href={business.reviewsUrl} className="button button--outline" rel="noopener" target="_blank">
            View All Google Reviews<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      </div>
    </section>
  );
}
