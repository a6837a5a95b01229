import type { GalleryItem } from './types.ts';

// Image paths follow one pattern so the placeholder artwork can be swapped for real photos by name.
function item(id: string, title: string, description: string): GalleryItem {
  return {
    id,
    title,
    description,
    beforeImage: `/images/gallery-${id}-before.svg`,
    afterImage: `/images/gallery-${id}-after.svg`,
  };
}

/** The home page's before/after gallery (three bathroom transformations). */
export const galleryItems: readonly GalleryItem[] = [
  item(
    'bathroom-shower',
    'Bathroom Shower Cleaning',
    'Soap scum, limescale and water spots removed from screens, tiles and fittings for a shower that sparkles again.',
  ),
  item(
    'bathroom-sink',
    'Bathroom Sink Restoration',
    'Stained basins, taps and vanity tops brought back to a clean, polished finish.',
  ),
  item(
    'tile-grout',
    'Tile & Grout Deep Clean',
    'Built-up grime scrubbed from tiles and grout lines, restoring their original colour.',
  ),
];
