import type { Db } from '@modules/shared/index.server';
import { DAY, HOUR } from '@modules/shared/clock';
import { getCurrentUser, type CurrentUser } from '@modules/identity/index.server';
import { uploadFiles } from './files.server';
import { AudienceType, savePost, type PublishScheduler } from './posts.server';
import { commentPost, setPostLiked, setPostPinned } from './post-reactions.server';

/**
 * Demo seed step (modules/admin/demo-seed.server.ts): a team feed that shows every feature of the
 * Teams screens on a fresh start. The Leadership Team has a pinned post with two photos and a PDF,
 * formatted text and a link, likes and comments (so the authors have notifications), enough posts for
 * 'Load more posts', and a scheduled post on its Posts table; the organisation and everybody get a
 * post each; the Sales Team has its own. Written through the social use cases, so the rights, the
 * notifications and the publishing job are the real ones.
 */
export async function seedDemoFeed(db: Db, teams: { leadership: number; sales: number }, scheduler: PublishScheduler, now = Date.now()) {
  const user = async (email: string) => {
    const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    return row ? getCurrentUser(db, row.id) : null;
  };
  const [admin, orgAdmin, teamAdmin, learner] = await Promise.all(['admin@leda.test', 'orgadmin@leda.test', 'teamadmin@leda.test', 'learner@leda.test'].map(user));
  if (!admin || !orgAdmin || !teamAdmin || !learner) return;
  const ago = (ms: number) => new Date(now - ms);
  const team = (teamId: number) => ({ audienceType: AudienceType.Team, teamId });
  const post = (author: CurrentUser, at: Date, input: Parameters<typeof savePost>[2]) => savePost(db, author, input, scheduler, at);

  // Older weekly tips first, so the feed runs past one page of 10.
  for (const [i, tip] of WEEKLY_TIPS.entries()) {
    await post(teamAdmin, ago((WEEKLY_TIPS.length - i + 6) * 7 * DAY), { text: tip, ...team(teams.leadership) });
  }
  await post(admin, ago(20 * DAY), {
    text: 'Welcome to Leda! Every journey mixes short stories, practice games and real-world activities. Start with the journey your team has scheduled, and tell us what helps.',
    audienceType: AudienceType.Global,
  });
  await post(orgAdmin, ago(6 * DAY), {
    text: 'This quarter every team in Demo Organisation is working through *Running effective one-on-ones*. Team admins: the insights page shows how your team is getting on.',
    audienceType: AudienceType.Organisation,
    organisationId: orgAdmin.userPermissions.organisationId,
  });
  const photos = await uploadFiles(db, teamAdmin.userId, 'images', [
    { name: 'retro-whiteboard.png', bytes: await drawing('#0e7090', 'Retro: keep, stop, start') },
    { name: 'team-offsite.png', bytes: await drawing('#7a4b00', 'Offsite: our working agreements') },
  ]);
  const agenda = await uploadFiles(db, teamAdmin.userId, 'documents', [{ name: 'one-on-one-agenda.pdf', bytes: await agendaPdf() }]);
  const pinned = await post(teamAdmin, ago(3 * DAY), {
    text: 'Photos from Thursday\'s retro and offsite. Thank you all for the honest conversation.\n\nThe __working agreements__ we chose are on the second photo, and the one-on-one agenda we will try is attached.',
    ...team(teams.leadership),
    fileIds: [...photos, ...agenda].map((f) => f.fileId),
  });
  await setPostPinned(db, teamAdmin, pinned.postId, true, ago(3 * DAY));
  const weekly = await post(teamAdmin, ago(1 * DAY), {
    text: "**This week's practice:** book a one-on-one with someone in your team and try the *ask, listen, agree* pattern from the story.\n\nA short read on why it works: https://hbr.org/2016/03/the-one-on-one-meeting",
    ...team(teams.leadership),
  });
  await post(orgAdmin, ago(2 * DAY), {
    text: 'Great customer calls this week. Before Friday, try the *active listening* game in Explore: two minutes, and it shows.',
    ...team(teams.sales),
  });
  await post(teamAdmin, new Date(now), {
    text: 'Reminder: our next journey unlocks on Monday. Have a look at the first step before our team meeting.',
    ...team(teams.leadership),
    scheduledAt: new Date(now + 2 * DAY + 9 * HOUR),
  });

  await setPostLiked(db, learner, pinned.postId, true);
  await setPostLiked(db, orgAdmin, pinned.postId, true);
  await setPostLiked(db, learner, weekly.postId, true);
  await commentPost(db, learner, pinned.postId, 'Thanks Theo. The keep/stop/start format really helped me say what I was thinking.');
  await commentPost(db, orgAdmin, pinned.postId, 'Love the working agreements. Mind if I share them with the Sales Team?');
  await commentPost(db, learner, weekly.postId, 'Booked mine for Wednesday!');
}

const WEEKLY_TIPS = [
  'Tip of the week: end every meeting by agreeing who does what by when. It takes one minute and saves a week.',
  'Tip of the week: when someone brings you a problem, ask "what have you tried so far?" before offering an answer.',
  'Tip of the week: say thank you for something specific. "Thanks for the clear summary in the handover" lands better than "great work".',
  'Tip of the week: block 30 minutes on Friday to look back at the week: what went well, what you would change.',
  'Tip of the week: in your next disagreement, repeat the other person\'s point back to them before you answer.',
  'Tip of the week: delegate the outcome, not the method. Agree what done looks like and let them choose the how.',
  'Tip of the week: ask your team "what is one thing I could do differently to help you?" and then just listen.',
  'Tip of the week: share one mistake you made this week and what you learned from it. It makes it safe for others to do the same.',
  'Tip of the week: before a hard conversation, write down the one thing you want the other person to understand.',
];

/** A small PNG 'photo' for the demo (sharp draws an SVG; no binary file is shipped). */
async function drawing(background: string, caption: string): Promise<Uint8Array> {
  const { default: sharp } = await import('sharp');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600"><rect width="800" height="600" fill="${background}"/><rect x="60" y="60" width="680" height="400" rx="16" fill="#ffffff" opacity="0.92"/><g fill="${background}" opacity="0.8"><rect x="110" y="120" width="160" height="110" rx="8"/><rect x="320" y="120" width="160" height="110" rx="8"/><rect x="530" y="120" width="160" height="110" rx="8"/><rect x="110" y="280" width="580" height="24" rx="6"/><rect x="110" y="330" width="420" height="24" rx="6"/></g><text x="400" y="540" text-anchor="middle" font-family="Arial, sans-serif" font-size="36" font-weight="700" fill="#ffffff">${caption}</text></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

/** A one-page PDF agenda for the demo post's attachment (pdf-lib, loaded only here). */
async function agendaPdf(): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle('One-on-one agenda');
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const lines = ['One-on-one agenda (30 minutes)', '', '1. How are you, really? (5 min)', '2. Your topics first (10 min)', '3. Progress on last time\'s actions (5 min)', '4. Feedback both ways (5 min)', '5. Actions: who does what by when (5 min)'];
  lines.forEach((l, i) => page.drawText(l, { x: 60, y: 770 - i * 28, size: i === 0 ? 20 : 13, font }));
  return doc.save();
}
