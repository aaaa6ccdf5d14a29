import type { ReactNode } from 'react';
import type { CaptureLink } from '../../core/model/capture';
import ReportProblem from '../devtools/report-problem';
import { createTranslate } from '../hooks/translate';
import en from '../../fixtures/translations/en.json';
import { loginHref } from './format';
import { HomeIcon, LibraryIcon, SearchIcon } from './icons';

/** A link of the sidebar; `icon` for the main links. */
export interface NavLink {
  readonly href: string;
  readonly label: string;
  readonly icon?: ReactNode;
}

/**
 * The sidebar's main links (spec 001 §2 paths). Only pages that exist are linked: a helper who
 * adds a page group adds its link here (one line), e.g. { href: '/browse/featured', label: 'Home', icon: <HomeIcon /> }.
 */
export const NAV_LINKS: readonly NavLink[] = [{ href: '/browse/featured', label: 'Browse', icon: <HomeIcon /> }];

/** "Your Library": the listener's collection pages (spec 001 §2 /collection/...), one line each. */
export const LIBRARY_LINKS: readonly NavLink[] = [
  { href: '/collection/tracks', label: 'Liked Songs' },
  { href: '/collection/playlists', label: 'Playlists' },
  { href: '/collection/made-for-you', label: 'Made for you' },
  { href: '/collection/albums', label: 'Albums' },
  { href: '/collection/artists', label: 'Artists' },
  { href: '/collection/podcasts', label: 'Podcasts' },
];

const isCurrent = (path: string, href: string) => path === href || path.startsWith(`${href}/`);

function Links({ links, path }: { links: readonly NavLink[]; path: string }) {
  return (
    <ul className="wp-navlist">
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href} aria-current={isCurrent(path, link.href) ? 'page' : undefined}>
            {link.icon}
            <span>{link.label}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The sidebar: main links, then the library's and `children` (the library's tools: "Create playlist"). */
export function Sidebar({ path, children }: { path: string; children?: ReactNode }) {
  return (
    <nav className="wp-side" aria-label="Main">
      <a className="wp-brand" href={LIBRARY_LINKS[0]?.href ?? '/'}>
        <span aria-hidden="true" className="wp-logo" />
        <span>Web Player</span>
      </a>
      {NAV_LINKS.length === 0 ? null : <Links links={NAV_LINKS} path={path} />}
      <h2 className="wp-side-title">
        <LibraryIcon />
        <span>Your Library</span>
      </h2>
      {children}
      <Links links={LIBRARY_LINKS} path={path} />
    </nav>
  );
}

/** Captures the page's session with a description and uploads it (issue 19 Capture); the link to open it. */
export type CaptureFn = (description: string) => Promise<CaptureLink & { readonly href: string }>;

/** Before the page's script (the server's render) there is nothing to capture yet. */
const notYet: CaptureFn = () => Promise.reject(new Error('The page has not started yet.'));

/** The web player's texts are English (as its player bar's); the menu's keys are the widget's. */
const t = createTranslate(en);

/**
 * The top bar: the search box (a form: it works before the script), and at its end the user area:
 * the log-in link for anonymous visitors and the overflow menu ("More": Report a problem, issue 19).
 */
export function TopBar({ path, query, loggedIn, capture }: { path: string; query: string; loggedIn: boolean; capture?: CaptureFn | undefined }) {
  return (
    <div className="wp-top">
      <form role="search" action="/search" method="get" className="wp-search">
        <label htmlFor="wp-q" className="wp-visually-hidden">
          Search
        </label>
        <SearchIcon />
        <input id="wp-q" name="q" type="search" defaultValue={query} placeholder="What do you want to play?" />
        <button type="submit" className="wp-visually-hidden">
          Search
        </button>
      </form>
      <div className="wp-top-end">
        {loggedIn ? null : (
          <a className="wp-login" href={loginHref(path)}>
            Log in
          </a>
        )}
        <ReportProblem capture={capture ?? notYet} t={t} />
      </div>
    </div>
  );
}
