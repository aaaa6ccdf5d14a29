import { useCallback, useEffect, useRef } from 'react';

/**
 * spec 000 §2 first-use rule: the player starts up "the first time the pointer enters the document".
 * Calls `onFirst` once, from whichever comes first: the returned handler (for onPointerEnter on the
 * root) or a document-level pointerover.
 */
export function useFirstPointer(onFirst: () => void): () => void {
  const done = useRef(false);
  const fire = useCallback(() => {
    if (done.current) return;
    done.current = true;
    onFirst();
  }, [onFirst]);
  useEffect(() => {
    if (done.current) return undefined;
    document.addEventListener('pointerover', fire, { once: true });
    return () => document.removeEventListener('pointerover', fire);
  }, [fire]);
  return fire;
}
