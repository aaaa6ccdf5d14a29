import { cardsSection, defaultPlaybackContext, linksSection, type WebCard, type WebPlayerPage } from './index';

// spec 001 §2 default playback context: the first playable item of the page's data. Tabs (a links
// section: the browse pages, a search's kinds) lead to other pages and never play.
const card = (uri: string, playable = true): WebCard => ({ uri, href: '/x', name: uri, subtitle: '', imageUrl: null, round: false, playable });
const tabs = linksSection('tabs', 'Browse', [{ name: 'Featured', href: '/browse/featured' }], '/browse/featured');
const page = (sections: WebPlayerPage['sections']): WebPlayerPage => ({ path: '/browse/featured', itemUri: null, header: null, sections });

describe('links sections (tabs) and the default playback context (spec 001 §2)', () => {
  it('the tabs before the shelves are skipped: the first playable card plays', () => {
    const shelves = cardsSection('albums', 'Albums', [card('spotify:genre:x', false), card('spotify:album:a')], '');
    expect(defaultPlaybackContext(page([tabs, shelves]))).toEqual({ contextUri: 'spotify:album:a', index: 0, section: 1, row: -1 });
  });

  it('a page of tabs and empty shelves has nothing to play', () => {
    expect(defaultPlaybackContext(page([tabs, cardsSection('albums', 'Albums', [], 'No albums here yet.')]))).toBeNull();
  });

  it('linksSection keeps the links in order and marks the current page', () => {
    expect(tabs).toEqual({ kind: 'links', id: 'tabs', title: 'Browse', links: [{ name: 'Featured', href: '/browse/featured' }], current: '/browse/featured' });
  });
});
