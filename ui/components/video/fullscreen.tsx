import { useEffect, useState, type RefObject } from 'react';
import type { Translate } from '../../hooks/translate';

/*
 * Issue 18: the video frame full screen, on a double click on the video and with a button; Escape
 * leaves. The frame goes full screen, not the <video>: its subtitles control and this button stay
 * on screen with it, and the cues render in the video as before.
 */

/** Whether `frame` is the document's full-screen element now, followed through fullscreenchange. */
export function useFullscreen(frame: RefObject<HTMLElement | null>): { readonly active: boolean; readonly toggle: () => void } {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const element = frame.current;
    if (element === null) return undefined;
    const doc = element.ownerDocument;
    const onChange = () => setActive(doc.fullscreenElement === element);
    // Browsers leave full screen on Escape by themselves; a page that cannot be told (an embedder's
    // iframe without allowfullscreen never gets there) loses nothing by asking too.
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && doc.fullscreenElement === element) void doc.exitFullscreen().catch(() => undefined);
    };
    doc.addEventListener('fullscreenchange', onChange);
    doc.addEventListener('keydown', onKey);
    return () => {
      doc.removeEventListener('fullscreenchange', onChange);
      doc.removeEventListener('keydown', onKey);
    };
  }, [frame]);
  const toggle = () => {
    const element = frame.current;
    if (element === null) return;
    const doc = element.ownerDocument;
    // Refused (no user gesture, an iframe without allowfullscreen): nothing changes, the button still says so.
    if (doc.fullscreenElement === element) void doc.exitFullscreen().catch(() => undefined);
    else if (typeof element.requestFullscreen === 'function') void element.requestFullscreen().catch(() => undefined);
  };
  return { active, toggle };
}

export function FullscreenIcon({ active }: { readonly active: boolean }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width={16} height={16} className="icon icon--fullscreen">
      <path
        d={active ? 'M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5' : 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The full-screen button: named by what it does now ("Full screen" / "Exit full screen"), pressed while full screen. */
export function FullscreenButton({ active, onToggle, t }: { readonly active: boolean; readonly onToggle: () => void; readonly t: Translate }) {
  const label = t(active ? 'video_exit_fullscreen' : 'video_fullscreen');
  return (
    <button type="button" className="video-button" data-testid="video-fullscreen" aria-label={label} title={label} onClick={onToggle}>
      <FullscreenIcon active={active} />
    </button>
  );
}
