import type { Action } from '../../core/store/action';
import { loginOfferClosed, type LoginOffer, type WebPlayerState } from '../../core/webplayer';
import { loginHref } from './format';
import { ItemHeaderView } from './item-header';
import { Sidebar, TopBar, type CaptureFn } from './nav';
import { PlayerBar } from './player-bar';
import { CreatePlaylist, PlaylistNotice, PlaylistOwnerTools } from './playlist-editing';
import { QueueNotice } from './queue';
import { Section } from './sections';
import { VideoPanel, webPlayerRootClass } from './video-panel';

export interface WebPlayerAppProps {
  readonly state: WebPlayerState;
  readonly dispatch: (action: Action) => void;
  /** The page's heading when it has no header (search); the document title. */
  readonly title: string;
  /** The search box's text on a search page. */
  readonly query: string;
  /** Issue 19 Capture: sends the page's session ("Report a problem"); absent on the server's render. */
  readonly capture?: CaptureFn;
}

const OFFER_TEXT: Record<LoginOffer, string> = {
  play: 'Log in to play full songs',
  save: 'Log in to save to your library',
  follow: 'Log in to follow',
  playlist: 'Log in to make playlists',
};

/**
 * The web player (issue 17): sidebar, top bar with the search box, the page (an optional header
 * and its sections, core/webplayer/state.ts) and the persistent player bar. The server renders it
 * (the first paint needs no script) and ui/webplayer/main.tsx hydrates it with the same state.
 */
export function WebPlayerApp({ state, dispatch, title, query, capture }: WebPlayerAppProps) {
  const { page } = state;
  return (
    <div className={webPlayerRootClass(state)}>
      <Sidebar path={page.path}>
        <CreatePlaylist state={state} dispatch={dispatch} />
      </Sidebar>
      <div className="wp-view">
        <TopBar path={page.path} query={query} loggedIn={state.loggedIn} capture={capture} />
        <main className="wp-main" id="wp-main">
          {page.header === null ? <h1 className="wp-page-title">{title}</h1> : <ItemHeaderView header={page.header} state={state} dispatch={dispatch} />}
          <PlaylistOwnerTools state={state} dispatch={dispatch} />
          <PlaylistNotice state={state} />
          <QueueNotice state={state} />
          {state.loginOffer === null ? null : (
            <p className="wp-offer" role="alert">
              <a href={loginHref(page.path)}>{OFFER_TEXT[state.loginOffer]}</a>
              <button type="button" onClick={() => dispatch(loginOfferClosed())}>
                Not now
              </button>
            </p>
          )}
          {page.sections.map((section, index) => (
            <Section key={section.id} section={section} index={index} state={state} dispatch={dispatch} />
          ))}
        </main>
      </div>
      {/* Issue 18: a playing video episode's picture, in a panel beside the view (./video-panel.tsx). */}
      <VideoPanel state={state} dispatch={dispatch} />
      <PlayerBar state={state} dispatch={dispatch} />
    </div>
  );
}
