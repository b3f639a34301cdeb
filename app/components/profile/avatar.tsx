/** The avatar moved to the design system (app/components/ui/avatar.tsx); this path stays for its importers. */
export { Avatar, AVATAR_COLOURS, avatarColour, initialsOf, PersonAvatar, profilePhotoUrl } from '~/components/ui/avatar';
