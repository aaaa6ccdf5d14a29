import type { Action } from '../../core/store/action';
import { loginOfferClosed, playToggled, rowPlayed, saveToggled, type WebPlayerState } from '../../core/webplayer';

export interface WebPlayerAppProps {
  readonly state: WebPlayerState;
  readonly dispatch: (action: Action) => void;
  /** The page's heading (search, your tracks, an item's name). */
  readonly title: string;
  /** The search box's text on a search page. */
  readonly query: string;
}

/** The log-in page, back to this page after (server/accounts safe-continue). */
const loginHref = (path: string) => `/login?continue=${encodeURIComponent(path)}`;

/**
 * The web player's page (issue 17): navigation with the search box, the page's list and the
 * persistent player bar. The server renders it (the first paint needs no script) and
 * ui/webplayer/main.tsx hydrates it with the same state.
 */
export function WebPlayerApp({ state, dispatch, title, query }: WebPlayerAppProps) {
  const { page } = state;
  const label = state.playing ? 'Pause' : 'Play';
  return (
    <div className="wp">
      <header className="wp-nav">
        <nav aria-label="Web player">
          <a href="/collection/tracks" aria-current={page.path === '/collection/tracks' ? 'page' : undefined}>
            Liked Songs
          </a>
          {state.loggedIn ? null : <a href={loginHref(page.path)}>Log in</a>}
        </nav>
        <form role="search" action="/search" method="get">
          <label htmlFor="wp-q">Search</label>
          <input id="wp-q" name="q" type="search" defaultValue={query} placeholder="Songs, artists, albums" />
          <button type="submit">Search</button>
        </form>
      </header>
      <main className="wp-main">
        <h1>{title}</h1>
        {state.loginOffer === null ? null : (
          <p className="wp-offer" role="alert">
            <a href={loginHref(page.path)}>{state.loginOffer === 'save' ? 'Log in to save songs to your library' : 'Log in to play full songs'}</a>{' '}
            <button type="button" onClick={() => dispatch(loginOfferClosed())}>
              Not now
            </button>
          </p>
        )}
        {page.tracks.length === 0 ? (
          <p>{page.path === '/collection/tracks' ? 'Songs you save show up here.' : 'Nothing found.'}</p>
        ) : (
          <ol className="wp-list">
            {page.tracks.map((track, index) => {
              const saved = state.saved[track.id] ?? false;
              const { loaded } = state;
              const current =
                loaded !== null && (loaded.contextUri === track.uri || (loaded.contextUri === (page.itemUri ?? page.listContextUri) && loaded.index === index));
              return (
                <li key={`${track.id}-${index}`} className={current ? 'wp-row wp-current' : 'wp-row'}>
                  <button
                    type="button"
                    className="wp-rowplay"
                    disabled={!track.playable}
                    onClick={() => dispatch(rowPlayed({ index }))}
                    aria-label={`Play ${track.name}`}
                  >
                    ▶
                  </button>
                  <span className="wp-title">
                    <a href={`/track/${track.id}`}>{track.name}</a>
                    <span className="wp-artists">{track.artists}</span>
                  </span>
                  <button
                    type="button"
                    className="wp-save"
                    aria-pressed={saved}
                    onClick={() => dispatch(saveToggled({ id: track.id }))}
                    aria-label={`Save ${track.name} to Liked Songs`}
                  >
                    {saved ? '♥' : '♡'}
                  </button>
                </li>
              );
            })}
          </ol>
        )}
      </main>
      <footer className="wp-bar" aria-label="Player">
        <button type="button" className="wp-toggle" onClick={() => dispatch(playToggled())} aria-label={label}>
          {state.playing ? '❚❚' : '▶'}
        </button>
        <span className="wp-now" aria-live="polite">
          {state.loaded === null ? 'Nothing playing' : state.loaded.name}
        </span>
      </footer>
    </div>
  );
}
