import { useMemo } from 'react';
import { splitBioText } from '../../core/widget/bio-text';
import type { Translate } from '../hooks/translate';

/**
 * An artist's biography under the top tracks, in the bottom section (spec 000 §5 Bio text: one
 * paragraph per non-empty line, links stripped). Plain text only: the markup is never rendered.
 */
export function ArtistBio({ biography, t }: { readonly biography: string | null; readonly t: Translate }) {
  const paragraphs = useMemo(() => splitBioText(biography), [biography]);
  if (paragraphs.length === 0) return null;
  return (
    <section className="artist-bio" data-testid="artist-bio" aria-label={t('artist_biography')}>
      {paragraphs.map((text, i) => (
        <p key={i} className="artist-bio__paragraph">
          {text}
        </p>
      ))}
    </section>
  );
}
