import type { Action } from '../../core/store/action';
import {
  cardPlayed,
  libraryToggled,
  rowPlayed,
  tooltipFor,
  type CardsSection,
  type LinksSection,
  type TracksSection,
  type WebPlayerState,
  type WebSection,
} from '../../core/webplayer';
import { clock } from './format';
import { HeartIcon, PauseIcon, PlayIcon } from './icons';
import { Byline } from './item-header';
import { TrackRowEditing } from './playlist-editing';
import { AddToQueue } from './queue';
import { RadioRowFeedback } from './radio';

interface SectionProps<S> {
  readonly section: S;
  /** Its index in page.sections (rows are played by section and row). */
  readonly index: number;
  readonly state: WebPlayerState;
  readonly dispatch: (action: Action) => void;
}

/** A list of tracks or episodes: each row plays in the list's context, links its artists and album, and saves. */
function TrackList({ section, index, state, dispatch }: SectionProps<TracksSection>) {
  const { player } = state;
  if (section.rows.length === 0) return <p className="wp-empty">{section.empty}</p>;
  return (
    <ol className={section.columns.album ? 'wp-list wp-with-album' : 'wp-list'}>
      {section.rows.map((track, row) => {
        const current = player.current?.uri === track.uri && (player.contextUri === section.contextUri || player.contextUri === track.uri);
        const playing = current && player.playing;
        const saved = state.library[track.uri] ?? false;
        return (
          <li key={`${track.uri}-${row}`} className={current ? 'wp-row wp-current' : 'wp-row'}>
            <span className="wp-lead">
              {section.columns.cover ? (
                track.imageUrl === null ? (
                  <span className="wp-thumb" aria-hidden="true" />
                ) : (
                  <img className="wp-thumb" src={track.imageUrl} alt="" width={40} height={40} />
                )
              ) : (
                <span className="wp-num" aria-hidden="true">
                  {row + 1}
                </span>
              )}
              <button
                type="button"
                className="wp-rowplay"
                disabled={!track.playable}
                onClick={() => dispatch(rowPlayed({ section: index, index: row }))}
                aria-label={`Play ${track.name}`}
              >
                {playing ? <PauseIcon /> : <PlayIcon />}
              </button>
            </span>
            <span className="wp-title">
              <a href={`/${track.uri.split(':')[1] ?? 'track'}/${track.id}`}>{track.name}</a>
              <span className="wp-artists">
                <Byline links={track.artists} />
              </span>
            </span>
            {section.columns.album ? (
              <span className="wp-album">
                {track.album === null ? null : track.album.href === null ? track.album.name : <a href={track.album.href}>{track.album.name}</a>}
              </span>
            ) : null}
            {/* One cell of the row's grid: add to queue beside the playlist tools. */}
            <span className="wp-q-actions">
              <AddToQueue track={track} dispatch={dispatch} />
              <TrackRowEditing track={track} row={row} section={section} state={state} dispatch={dispatch} />
            </span>
            <RadioRowFeedback track={track} row={row} section={section} index={index} state={state} dispatch={dispatch} />
            {track.uri.startsWith('spotify:track:') ? (
              <button
                type="button"
                className="wp-heart"
                aria-pressed={saved}
                onClick={() => dispatch(libraryToggled({ uri: track.uri }))}
                aria-label={`Save ${track.name} to Liked Songs`}
                title={tooltipFor(state, 'library') ?? undefined}
              >
                <HeartIcon filled={saved} />
              </button>
            ) : (
              <span className="wp-heart" />
            )}
            <span className="wp-dur">{clock(track.durationMs)}</span>
          </li>
        );
      })}
    </ol>
  );
}

/** A grid of cards: each links to its item's page; a play button plays the item. */
function CardGrid({ section, state, dispatch }: SectionProps<CardsSection>) {
  if (section.cards.length === 0) return <p className="wp-empty">{section.empty}</p>;
  return (
    <ul className="wp-grid">
      {section.cards.map((card) => {
        const playing = state.player.playing && state.player.contextUri === card.uri;
        return (
          <li key={card.uri} className="wp-card">
            <span className="wp-card-art">
              {card.imageUrl === null ? (
                <span className={card.round ? 'wp-card-img wp-round' : 'wp-card-img'} aria-hidden="true" />
              ) : (
                <img className={card.round ? 'wp-card-img wp-round' : 'wp-card-img'} src={card.imageUrl} alt="" loading="lazy" />
              )}
              {card.playable ? (
                <button type="button" className="wp-cardplay" aria-label={`Play ${card.name}`} onClick={() => dispatch(cardPlayed({ uri: card.uri }))}>
                  {playing ? <PauseIcon size={20} /> : <PlayIcon size={20} />}
                </button>
              ) : null}
            </span>
            <a className="wp-card-name" href={card.href}>
              {card.name}
            </a>
            <span className="wp-card-sub">{card.subtitle}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** Tabs between sibling pages: links, the page's own marked as the current one. */
function Tabs({ section }: { section: LinksSection }) {
  return (
    <nav className="wp-tabs" aria-label={section.title}>
      <ul>
        {section.links.map((link) => (
          <li key={link.href ?? link.name}>
            <a href={link.href ?? '#'} aria-current={link.href === section.current ? 'page' : undefined}>
              {link.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A section of the page: its title (and "Show all"), then its kind's view. A new WebSection kind gets its case here. */
export function Section(props: SectionProps<WebSection>) {
  const { section } = props;
  if (section.kind === 'links') return <Tabs section={section} />;
  const headingId = `wp-s-${section.id}`;
  const body = section.kind === 'tracks' ? <TrackList {...props} section={section} /> : <CardGrid {...props} section={section} />;
  return (
    <section className={`wp-section wp-${section.kind}`} aria-labelledby={section.title === null ? undefined : headingId}>
      {section.title === null ? null : (
        <div className="wp-section-head">
          <h2 id={headingId}>{section.title}</h2>
          {section.kind === 'cards' && section.moreHref !== null ? (
            <a className="wp-more" href={section.moreHref}>
              Show all
            </a>
          ) : null}
        </div>
      )}
      {body}
    </section>
  );
}
