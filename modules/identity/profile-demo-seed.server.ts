import type { Db } from '@modules/shared/index.server';
import { uploadProfilePhoto } from './profile-photo.server';

/**
 * Demo profiles (npm start on a fresh clone): bios and mobile numbers for the demo accounts, and a
 * photo for the organisation admin, made the way an upload is (resized, no metadata). Only fills
 * what is empty, so a re-run changes nothing.
 */
const PROFILES: { email: string; phone: string; bio: string; photo?: { background: string; initials: string } }[] = [
  {
    email: 'orgadmin@leda.test',
    phone: '0412 345 678',
    bio: 'I look after people and culture at Demo Organisation.\nAsk me about the journeys we have planned for this year.',
    photo: { background: '#0e7090', initials: 'OO' },
  },
  { email: 'teamadmin@leda.test', phone: '0423 456 789', bio: 'Engineering manager. I run the Leadership Team and love a good retrospective.' },
  { email: 'learner@leda.test', phone: '0434 567 890', bio: 'Senior consultant working on my coaching and feedback skills.' },
  { email: 'admin@leda.test', phone: '+44 7911 123456', bio: 'I keep the Leda content and organisations running.' },
];

async function portrait(background: string, initials: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512"><rect width="512" height="512" fill="${background}"/><circle cx="256" cy="200" r="96" fill="#ffffff" opacity="0.9"/><rect x="112" y="320" width="288" height="220" rx="140" fill="#ffffff" opacity="0.9"/><text x="256" y="228" text-anchor="middle" font-family="Arial, sans-serif" font-size="88" font-weight="700" fill="${background}">${initials}</text></svg>`;
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function seedDemoProfiles(db: Db) {
  for (const p of PROFILES) {
    const user = await db.selectFrom('users').select(['id', 'bio', 'phone', 'profile_photo_blob_id']).where('email', '=', p.email).executeTakeFirst();
    if (!user) continue;
    await db
      .updateTable('users')
      .set({ bio: user.bio ?? p.bio, phone: user.phone ?? p.phone })
      .where('id', '=', user.id)
      .execute();
    if (p.photo && !user.profile_photo_blob_id) await uploadProfilePhoto(db, user.id, await portrait(p.photo.background, p.photo.initials));
  }
}
