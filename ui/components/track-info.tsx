import type { MouseEvent } from 'react';

export interface TrackInfoProps {
  readonly title: string;
  readonly subtitle: string;
  /** The item's open URL (external_urls.spotify). */
  readonly href: string;
  /** On mobile the click goes to the universal link instead (spec 000 §7); see EmbedApp. */
  readonly onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/** spec 000 §2 Track-info area: "Clicking its metadata opens the item": one link, one tab stop. */
export function TrackInfo({ title, subtitle, href, onClick }: TrackInfoProps) {
  return (
    <a className="track-info" href={href} target="_blank" rel="noopener noreferrer" onClick={onClick}>
      <span className="track-info__title" data-testid="title">
        {title}
      </span>
      <span className="track-info__subtitle" data-testid="subtitle">
        {subtitle}
      </span>
    </a>
  );
}
