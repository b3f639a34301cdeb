/**
 * A journey's badge picture (decision 332): the SVG drawn per journey (its medal, colour, emblem and
 * initials), named "<journey> badge" for screen readers; the page writes the journey's name next to it.
 */
export function BadgeImage({ src, name, size = 64 }: { src: string; name: string; size?: number }) {
  return <img className="ui-badge-image" src={src} alt={`${name} badge`} width={size} height={size} loading="lazy" decoding="async" />;
}

/** The badge's own address (for a journey the viewer may read). */
export const journeyBadgeUrl = (journeyId: number) => `/app/journey/${journeyId}/badge.svg`;

/** A badge drawn on the server, inline as a data: URL (a profile shows another person's badges). */
export const badgeDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
