/**
 * The one avatar: the user's photo, or their initials, inside a ring whose colour is one of nine
 * fixed colours chosen by the length of the full name (learner-app s.9). Every colour reaches 4.5:1
 * on white, so the initials drawn in it are readable and the ring meets the 3:1 non-text minimum.
 * Browser-safe; part of the design system (app/components/ui, shown on /admin/design).
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

type AvatarSize = 'xsmall' | 'small' | 'medium' | 'large';

/**
 * Any person's avatar: the photo at `src`, or the initials of `name` when there is none (or it fails
 * to load with JavaScript on). Named for screen readers unless `decorative` (the name is written next to it).
 */
export function PersonAvatar({ name, src, size = 'medium', decorative = false }: { name: string; src: string | null; size?: AvatarSize; decorative?: boolean }) {
  const colour = avatarColour(name);
  const label = decorative ? undefined : `${name}${src ? '' : ' (no photo)'}`;
  return (
    <span
      className={`ui-avatar ui-avatar-${size} profile-avatar profile-avatar-${size}`}
      style={{ borderColor: colour, color: colour }}
      role={decorative ? undefined : 'img'}
      aria-label={label}
      aria-hidden={decorative || undefined}
      data-avatar-colour={colour}
    >
      {src ? <img src={src} alt="" width={256} height={256} loading={size === 'xsmall' || size === 'small' ? 'lazy' : undefined} decoding="async" /> : <span className="profile-avatar-initials">{initialsOf(name)}</span>}
    </span>
  );
}

/** A user's avatar (decision 197): their stored photo, or their initials. */
export function Avatar({
  user,
  size = 'medium',
  decorative = false,
}: {
  user: { userId: number; fullName: string; profilePhotoBlobId: string | null };
  size?: AvatarSize;
  /** True when the name is written next to it (the avatar then says nothing to a screen reader). */
  decorative?: boolean;
}) {
  return <PersonAvatar name={user.fullName} src={profilePhotoUrl(user)} size={size} decorative={decorative} />;
}
