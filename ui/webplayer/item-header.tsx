import type { Action } from '../../core/store/action';
import {
  holdsPageContext,
  libraryToggled,
  pagePlayToggled,
  tooltipFor,
  type HeaderAction,
  type ItemHeader,
  type WebLink,
  type WebPlayerState,
} from '../../core/webplayer';
import { HeartIcon, PauseIcon, PlayIcon } from './icons';

export const Byline = ({ links }: { links: readonly WebLink[] }) => (
  <>
    {links.map((link, i) => (
      <span key={`${link.name}-${i}`}>
        {i > 0 ? ', ' : null}
        {link.href === null ? link.name : <a href={link.href}>{link.name}</a>}
      </span>
    ))}
  </>
);

/** One button of the header. A new HeaderAction kind gets its case here. */
function HeaderButton({ action, header, state, dispatch }: { action: HeaderAction; header: ItemHeader; state: WebPlayerState; dispatch: (a: Action) => void }) {
  switch (action.kind) {
    case 'play': {
      // It plays the page's default context (an item page's item, Liked Songs' list, spec 001 §2), and pauses it while it plays.
      const playing = state.player.playing && holdsPageContext(state);
      const label = `${playing ? 'Pause' : 'Play'} ${header.name}`;
      return (
        <button type="button" className="wp-bigplay" aria-label={label} title={tooltipFor(state, 'play') ?? label} onClick={() => dispatch(pagePlayToggled())}>
          {playing ? <PauseIcon size={24} /> : <PlayIcon size={24} />}
        </button>
      );
    }
    case 'library': {
      const on = state.library[action.uri] ?? false;
      const label = action.verb === 'follow' ? (on ? 'Following' : 'Follow') : on ? 'Remove from Your Library' : 'Save to Your Library';
      return action.verb === 'follow' ? (
        <button
          type="button"
          className="wp-follow"
          aria-pressed={on}
          title={tooltipFor(state, 'library') ?? undefined}
          onClick={() => dispatch(libraryToggled({ uri: action.uri }))}
        >
          {label}
        </button>
      ) : (
        <button
          type="button"
          className="wp-heart wp-heart-big"
          aria-pressed={on}
          aria-label={label}
          title={tooltipFor(state, 'library') ?? label}
          onClick={() => dispatch(libraryToggled({ uri: action.uri }))}
        >
          <HeartIcon filled={on} />
        </button>
      );
    }
    case 'link':
      return (
        <a className="wp-follow wp-header-link" href={action.href}>
          {action.label}
        </a>
      );
  }
}

/** The top of a page: cover, type, name, byline and details, then the action buttons. */
export function ItemHeaderView({ header, state, dispatch }: { header: ItemHeader; state: WebPlayerState; dispatch: (a: Action) => void }) {
  return (
    <header className="wp-header">
      <div className="wp-hero">
        {header.imageUrl === null ? (
          <div className={header.round ? 'wp-cover wp-round wp-cover-empty' : 'wp-cover wp-cover-empty'} aria-hidden="true" />
        ) : (
          <img className={header.round ? 'wp-cover wp-round' : 'wp-cover'} src={header.imageUrl} alt="" width={232} height={232} />
        )}
        <div className="wp-hero-text">
          <p className="wp-type">{header.typeLabel}</p>
          <h1>{header.name}</h1>
          {header.description === null ? null : <p className="wp-description">{header.description}</p>}
          <p className="wp-byline">
            <Byline links={header.byline} />
            {header.details.map((d) => (
              <span key={d} className="wp-detail">
                {d}
              </span>
            ))}
          </p>
        </div>
      </div>
      {header.actions.length === 0 ? null : (
        <div className="wp-actions">
          {header.actions.map((action, i) => (
            <HeaderButton key={`${action.kind}-${i}`} action={action} header={header} state={state} dispatch={dispatch} />
          ))}
        </div>
      )}
    </header>
  );
}
