/**
 * The one avatar: the user's photo, or their initials, inside a ring whose colour is one of nine
 * fixed colours chosen by the length of the full name (learner-app s.9). Every colour reaches 4.5:1
 * on white, so the initials drawn in it are readable and the ring meets the 3:1 non-text minimum.
 * Browser-safe; other screens (team cards, feed, header) may adopt it.
 */
export const AVATAR_COLOURS = ['#b42318', '#b54708', '#027a48', '#0e7090', '#175cd3', '#3538cd', '#6941c6', '#9e165f', '#4d5761'] as const;

export const avatarColour = (fullName: string) => AVATAR_COLOURS[fullName.length % AVATAR_COLOURS.length]!;

export function initialsOf(fullName: string) {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase() || '?';
}

/** Where a profile photo is served from; the version makes a changed photo a new URL. */
export const profilePhotoUrl = (u: { userId: number; profilePhotoBlobId: string | null }) =>
  u.profilePhotoBlobId ? `/app/profile/${u.userId}/photo?v=${encodeURIComponent(u.profilePhotoBlobId.slice(0, 12))}` : null;

export function Avatar({
  user,
  size = 'medium',
  decorative = false,
}: {
  user: { userId: number; fullName: string; profilePhotoBlobId: string | null };
  size?: 'small' | 'medium' | 'large';
  /** True when the name is written next to it (the avatar then says nothing to a screen reader). */
  decorative?: boolean;
}) {
  const colour = avatarColour(user.fullName);
  const src = profilePhotoUrl(user);
  const label = decorative ? undefined : `${user.fullName}${src ? '' : ' (no photo)'}`;
  return (
    <span
      className={`profile-avatar profile-avatar-${size}`}
      style={{ borderColor: colour, color: colour }}
      role={decorative ? undefined : 'img'}
      aria-label={label}
      aria-hidden={decorative || undefined}
      data-avatar-colour={colour}
    >
      {src ? <img src={src} alt="" width={256} height={256} /> : <span className="profile-avatar-initials">{initialsOf(user.fullName)}</span>}
    </span>
  );
}
