import { useEffect, useState } from 'react';

/**
 * Focus for something the next render draws or keeps (the first row 'Load more' added, the row whose
 * 'Retry' button went): `focusOnceShown(id)` moves focus to the element with that id once the screen
 * shows the change, so keyboard and screen-reader users read on from there.
 */
export function useFocusOnceShown(): (id: string) => void {
  const [target, setTarget] = useState<string | null>(null);

  useEffect(() => {
    if (target === null) return;
    document.getElementById(target)?.focus();
    setTarget(null);
  }, [target]);

  return setTarget;
}
