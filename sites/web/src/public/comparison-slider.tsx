import type { GalleryItem } from '@cleanquote/content';
import { useSignals } from '@preact/signals-react/runtime';
import type { KeyboardEvent, PointerEvent } from 'react';
import { comparisonPosition, setComparisonPosition } from '../state/site-state.ts';

/** Props of {@link ComparisonSlider}. */
export interface ComparisonSliderProps {
  item: GalleryItem;
}

/** Percent moved by an arrow key; Page Up/Down (or Shift+arrow) move twice as far. */
const KEY_STEP = 5;
const PAGE_STEP = 10;

/**
 * A before/after photo pair with a divider the visitor drags: the 'before' photo
 * shows left of the divider, the 'after' photo right of it. It starts at 50 %. Pointer events
 * cover mouse and touch (a vertical swipe still scrolls the page: touch-action pan-y), and the
 * divider is an ARIA slider driven by the arrow keys, Page Up/Down, Home and End.
 */
export function ComparisonSlider({ item }: ComparisonSliderProps) {
  useSignals();
  const position = comparisonPosition(item.id).value;

  function moveTo(event: PointerEvent<HTMLDivElement>) {
    const bounds = event.currentTarget.getBoundingClientRect();
    if (bounds.width <= 0) return;
    setComparisonPosition(item.id, ((event.clientX - bounds.left) / bounds.width) * 100);
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    moveTo(event);
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // A press held from before hydration and replayed (decision 0008): its pointer has lifted.
    }
    // Keep keyboard users' place: the handle takes focus, as a native range input would.
    event.currentTarget.querySelector<HTMLElement>('[role="slider"]')?.focus({ preventScroll: true });
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (event.currentTarget.hasPointerCapture(event.pointerId)) moveTo(event);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = event.shiftKey ? PAGE_STEP : KEY_STEP;
    const moves: Record<string, number> = {
      ArrowLeft: position - step,
      ArrowDown: position - step,
      ArrowRight: position + step,
      ArrowUp: position + step,
      PageDown: position - PAGE_STEP,
      PageUp: position + PAGE_STEP,
      Home: 0,
      End: 100,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setComparisonPosition(item.id, next);
  }

  return (
    // data-first-tap: pressed, dragged or keyed before the app has hydrated, it moves once it has.
    <div
      className="comparison"
      data-first-tap="press"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
    >
      <img
        className="comparison__image"
        src={item.afterImage}
        alt={`After: ${item.title}`}
        width={640}
        height={480}
        loading="lazy"
        decoding="async"
        draggable={false}
      />
      <img
        className="comparison__image comparison__image--before"
        src={item.beforeImage}
        alt={`Before: ${item.title}`}
        width={640}
        height={480}
        loading="lazy"
        decoding="async"
        draggable={false}
        style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}
      />
      <span className="comparison__label comparison__label--before">BEFORE</span>
      <span className="comparison__label comparison__label--after">AFTER</span>
      <div
        className="comparison__handle"
        role="slider"
        tabIndex={0}
        aria-label={`Before and after: ${item.title}`}
        aria-orientation="horizontal"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={position}
        aria-valuetext={`${position}% before, ${100 - position}% after`}
        style={{ left: `${position}%` }}
        onKeyDown={onKeyDown}
      >
        <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" focusable="false">
          <path
            d="M9 6l-5 6 5 6M15 6l5 6-5 6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </div>
    </div>
  );
}
