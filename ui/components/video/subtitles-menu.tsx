import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Translate } from '../../hooks/translate';
import { languageName, orderSubtitles, type SubtitleTrack } from './languages';

/*
 * Issue 18: the subtitles control of a video. A button naming the control and what shows
 * ("Subtitles: Off"), opening a menu of "Off" and the video's languages, the page's locale's first;
 * by keyboard as the web player's other menus: arrows, Home and End move, Enter or Space chooses,
 * Escape (or Tab) closes and gives focus back to the button. Off by default (the caller's state).
 */

export function SubtitlesIcon() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width={16} height={16} className="icon icon--subtitles">
      <rect x="2.5" y="5" width="19" height="14" rx="2.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M6.5 12.5h4M13 12.5h4.5M6.5 15.5h7M15.5 15.5h2" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

export interface SubtitlesMenuProps {
  readonly subtitles: ReadonlyArray<SubtitleTrack>;
  /** The language showing, null: off. */
  readonly language: string | null;
  readonly onChoose: (language: string | null) => void;
  /** The page's locale (spec 000 §3 embed data locale): its language comes first, names are in it. */
  readonly locale: string;
  readonly t: Translate;
}

export function SubtitlesMenu({ subtitles, language, onChoose, locale, t }: SubtitlesMenuProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? []);
  useEffect(() => {
    if (!open) return undefined;
    // The checked entry takes focus as the menu opens, so the keys start from what shows.
    const list = items();
    (list.find((item) => item.getAttribute('aria-checked') === 'true') ?? list[0])?.focus();
    // A press outside the menu closes it (the button toggles by itself).
    const onPress = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (target === null || menu.current?.contains(target) === true || button.current?.contains(target) === true) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', onPress);
    return () => document.removeEventListener('pointerdown', onPress);
  }, [open]);
  if (subtitles.length === 0) return null;

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const choose = (next: string | null) => {
    onChoose(next);
    close();
  };
  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : list.length - 1;
      list[(Math.max(at, 0) + step) % list.length]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      (event.key === 'Home' ? list[0] : list[list.length - 1])?.focus();
    } else if (event.key === 'Escape') {
      // Escape closes the menu only: the full-screen frame around it stays (and the widget's other Escape listeners see nothing).
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  const name = t('video_subtitles');
  const off = t('video_subtitles_off');
  const showing = language === null ? off : languageName(language, locale);
  const entries = [
    { code: null, label: off },
    ...orderSubtitles(subtitles, locale).map((s) => ({ code: s.language, label: languageName(s.language, locale) })),
  ];
  return (
    <div className="video-subtitles">
      <button
        ref={button}
        type="button"
        className={language === null ? 'video-button' : 'video-button video-button--on'}
        data-testid="video-subtitles"
        aria-label={`${name}: ${showing}`}
        title={`${name}: ${showing}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        <SubtitlesIcon />
      </button>
      {open ? (
        <ul ref={menu} id={menuId} role="menu" aria-label={name} className="video-subtitles__menu" data-testid="video-subtitles-menu" onKeyDown={onMenuKey}>
          {entries.map((entry) => (
            <li key={entry.code ?? ''} role="none">
              <button
                type="button"
                role="menuitemradio"
                aria-checked={entry.code === language}
                tabIndex={-1}
                data-language={entry.code ?? 'off'}
                className="video-subtitles__item"
                onClick={() => choose(entry.code)}
              >
                {entry.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
