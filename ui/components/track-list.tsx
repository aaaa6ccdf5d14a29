import { useId } from 'react';
import { formatTime } from '../../core/widget/time-format';
import type { Translate } from '../hooks/translate';
import { PlayingIcon } from './icons';

export interface TrackListItem {
  readonly uri: string;
  readonly name: string;
  /** The artists line; spec 000 §2: shown for playlists only (null elsewhere). */
  readonly subtitle: string | null;
  readonly durationMs: number;
  /** Not available to this visitor (spec 000 §4 Track availability, §5 episode markets): marked, its name says so. */
  readonly unavailable?: boolean;
}

export interface TrackListProps {
  readonly items: ReadonlyArray<TrackListItem>;
  /** The row showing the playing marker instead of its number. */
  readonly playingUri: string | null;
  readonly t: Translate;
  /** spec 000 §2: clicking a row plays that track by its index. */
  readonly onPlay?: (index: number) => void;
}

/** spec 000 §9 Row heights: 19 px, or 38 px with a subtitle. */
export const ROW_HEIGHT_PX = 19;
export const ROW_HEIGHT_WITH_SUBTITLE_PX = 38;

/** The translated "Play {name}" around the name: the text before and after it (a translation without {name} comes before). */
export function rowLabelParts(t: Translate): { readonly before: string; readonly after: string } {
  const template = t('play_track');
  const at = template.indexOf('{name}');
  return at < 0 ? { before: `${template} `, after: '' } : { before: template.slice(0, at), after: template.slice(at + '{name}'.length) };
}

/**
 * spec 000 §2 Track list table: number or playing marker, title, subtitle (playlists), duration.
 * Each row is a real button (keyboard reachable). Its name is the translated "Play {name}" around
 * the row's visible text, in order ("Play 1 Title 3:34 Artists", by aria-labelledby), so the visible
 * text is part of the name (WCAG 2.5.3 label in name) and the number and duration are read out too.
 */
export function TrackList({ items, playingUri, t, onPlay }: TrackListProps) {
  // Stable across the server's frame and hydration.
  const idOf = useId();
  const { before, after } = rowLabelParts(t);
  // spec 000 §2: "A track list with no tracks renders nothing."
  if (items.length === 0) return null;
  const beforeId = `${idOf}b`;
  const afterId = `${idOf}a`;
  return (
    <ol className="track-list" aria-label={t('track_list')}>
      {items.map((item, index) => {
        const playing = item.uri === playingUri;
        const id = (part: string) => `${idOf}${index}${part}`;
        const unavailable = item.unavailable === true;
        const labelledBy = [beforeId, id('n'), id('t'), id('d'), ...(item.subtitle === null ? [] : [id('s')]), afterId, ...(unavailable ? [id('u')] : [])].join(
          ' ',
        );
        return (
          <li key={`${index}:${item.uri}`} className="track-list__item">
            {/* The translation's words around the name, hidden: only the rows' names use them. */}
            {index === 0 ? (
              <>
                <span id={beforeId} hidden>
                  {before}
                </span>
                <span id={afterId} hidden>
                  {after}
                </span>
              </>
            ) : null}
            <button
              type="button"
              className={`track-row${item.subtitle === null ? '' : ' track-row--with-subtitle'}${playing ? ' track-row--playing' : ''}${unavailable ? ' track-row--unavailable' : ''}`}
              data-testid="track-row"
              style={{ height: item.subtitle === null ? ROW_HEIGHT_PX : ROW_HEIGHT_WITH_SUBTITLE_PX }}
              aria-labelledby={labelledBy}
              aria-current={playing ? 'true' : undefined}
              title={unavailable ? t('track_row_unavailable') : undefined}
              onClick={onPlay === undefined ? undefined : () => onPlay(index)}
            >
              <span className="track-row__number" id={id('n')}>
                {playing ? <PlayingIcon /> : index + 1}
              </span>{' '}
              {/* Spaces between the parts (not laid out in the grid row): the row's text reads as words. */}
              <span className="track-row__title" id={id('t')}>
                {item.name}
              </span>{' '}
              <span className="track-row__duration" id={id('d')}>
                {formatTime(item.durationMs)}
              </span>
              {/* Last in the markup, shown under the title (widget.css grid areas). */}
              {item.subtitle === null ? null : ' '}
              {item.subtitle === null ? null : (
                <span className="track-row__subtitle" id={id('s')}>
                  {item.subtitle}
                </span>
              )}
              {/* Read after the row's name; greyed rows say why in words too (a click shows the notice, spec 000 §8). */}
              {unavailable ? (
                <span id={id('u')} data-testid="track-row-unavailable" hidden>
                  {` ${t('track_row_unavailable')}`}
                </span>
              ) : null}
            </button>
          </li>
        );
      })}
    </ol>
  );
}
