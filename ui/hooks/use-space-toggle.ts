import { useEffect } from 'react';

/** Elements that give Space a meaning of their own (a button clicks, a field types). */
const HANDLES_OWN_SPACE = 'button, input, textarea, select, [contenteditable=""], [contenteditable="true"]';

/** Whether a keydown on the document is the space-bar toggle of spec 000 §2. */
export function isSpaceToggle(event: KeyboardEvent): boolean {
  if (event.key !== ' ' && event.code !== 'Space') return false;
  // One toggle per press: a held key repeats keydown.
  if (event.repeat || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return false;
  const target = event.target;
  return !(target instanceof Element && target.closest(HANDLES_OWN_SPACE) !== null);
}

/** spec 000 §2: "The space bar also toggles playback." Listens on the whole document. */
export function useSpaceToggle(onToggle: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSpaceToggle(event)) return;
      event.preventDefault(); // the page would scroll otherwise
      onToggle();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onToggle]);
}
