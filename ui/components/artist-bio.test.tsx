import { createTranslate } from '../hooks/translate';
import { byTestId, cleanup, render } from '../test/render';
import { ArtistBio } from './artist-bio';

afterEach(cleanup);

const t = createTranslate({ artist_biography: 'Biografi' });

describe('ArtistBio (spec 000 §5 Bio text: one paragraph per non-empty line, links stripped)', () => {
  it('renders one paragraph per non-empty line, as text, in a region named by the translation', () => {
    const bio = 'A duo.\n\nTours with <a href="spotify:artist:abc">The Orchards</a>.\n<b>x</b>';
    const { container } = render(<ArtistBio biography={bio} t={t} />);
    const section = byTestId(container, 'artist-bio');
    expect(section.getAttribute('aria-label')).toBe('Biografi');
    expect([...section.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['A duo.', 'Tours with The Orchards.', '<b>x</b>']);
    // Never rendered as markup: no links, no bold.
    expect(section.querySelector('a, b')).toBeNull();
  });

  it('renders nothing without a biography or with only empty lines', () => {
    expect(render(<ArtistBio biography={null} t={t} />).container.innerHTML).toBe('');
    expect(render(<ArtistBio biography={'\n  \n'} t={t} />).container.innerHTML).toBe('');
  });
});
