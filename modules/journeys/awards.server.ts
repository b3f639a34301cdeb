import { DomainError, type Db } from '@modules/shared/index.server';
import type { PolicyUser } from '@modules/identity/index.server';
import { listMyActivities, loadMyActivities } from '@modules/activities/index.server';
import { getJourneyForUser } from './journeys.server';
import { htmlToText } from '@modules/shared/html-text';
import { readableDate, summaryWithoutStepList } from './rules';
import { renderSummaryPdf } from './summary-pdf.server';

/**
 * What a completed journey unlocks: its badge (an SVG drawn per journey, the same picture wherever it
 * shows, e.g. the profile later) and the learner's summary, a tagged PDF made on the server (summary-pdf.server.ts):
 * the learner's name, the journey, its summary and the learner's own answers to the journey's activities.
 */
export const SUMMARY_NOT_EARNED = 'Finish the journey to download its summary.';

const PALETTE = ['#1f4e79', '#6a2c70', '#0b6e4f', '#9c4a00', '#8a1c1c', '#2d4a8a', '#4a5d23', '#5b3a8c'];
const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** A small emblem per badge, chosen by the journey's name: star, summit, compass or flame (24 x 24, centred on 0,0). */
const EMBLEMS = [
  'M0,-11 L3.2,-3.5 L11,-3.4 L4.9,1.6 L7,9.5 L0,5 L-7,9.5 L-4.9,1.6 L-11,-3.4 L-3.2,-3.5 Z',
  'M-12,9 L-4,-6 L0,1 L4,-9 L12,9 Z',
  'M0,-12 L4,0 L0,12 L-4,0 Z M-12,0 L0,-3 L12,0 L0,3 Z',
  'M0,-12 C6,-5 9,0 7,5 C5.5,10 -5.5,10 -7,5 C-8,1 -5,-2 -3,-4 C-3,0 -1,2 1,2 C3,-2 2,-7 0,-12 Z',
];
const hashOf = (s: string) => [...s].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);

/**
 * The journey's badge (decision 332): a medal with ribbon tails in the journey's colour, a ring of
 * the journey's name and Leda, its emblem and initials. An SVG with role="img", a <title>
 * and a <desc>, so its accessible name is "<journey> badge" wherever it is used on its own.
 */
export function journeyBadgeSvg(journey: { journeyId: number; name: string }): string {
  const colour = PALETTE[journey.journeyId % PALETTE.length]!;
  const emblem = EMBLEMS[hashOf(journey.name) % EMBLEMS.length]!;
  const initials = journey.name
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w) && !['a', 'an', 'the', 'that', 'and', 'of', 'through'].includes(w.toLowerCase()))
    .slice(0, 3)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  const points = Array.from({ length: 32 }, (_, i) => {
    const r = i % 2 ? 62 : 68;
    const a = (Math.PI * 2 * i) / 32;
    return `${(80 + r * Math.sin(a)).toFixed(1)},${(72 - r * Math.cos(a)).toFixed(1)}`;
  }).join(' ');
  const name = escapeXml(journey.name);
  const ring = escapeXml(journey.name.length > 20 ? `${journey.name.slice(0, 19).trimEnd()}…` : journey.name).toUpperCase();
  const id = `b${journey.journeyId}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 160 160" width="160" height="160" role="img" aria-labelledby="${id}-t ${id}-d">`,
    `<title id="${id}-t">${name} badge</title><desc id="${id}-d">Awarded by Leda for completing the journey ${name}.</desc>`,
    `<defs><linearGradient id="${id}-g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#000000" stop-opacity="0.18"/></linearGradient>`,
    `<path id="${id}-arc" d="M 80 72 m -44 0 a 44 44 0 1 1 88 0 a 44 44 0 1 1 -88 0"/></defs>`,
    `<path d="M52 118 L40 156 L56 148 L64 160 L74 124 Z" fill="${colour}"/><path d="M108 118 L120 156 L104 148 L96 160 L86 124 Z" fill="${colour}"/>`,
    `<path d="M52 118 L40 156 L56 148 L64 160 L74 124 Z M108 118 L120 156 L104 148 L96 160 L86 124 Z" fill="#000" opacity="0.2"/>`,
    `<polygon points="${points}" fill="${colour}"/><polygon points="${points}" fill="url(#${id}-g)"/>`,
    `<circle cx="80" cy="72" r="54" fill="#ffffff"/><circle cx="80" cy="72" r="50" fill="${colour}"/>`,
    `<text font-family="Helvetica, Arial, sans-serif" font-size="7.5" font-weight="700" letter-spacing="0.6" fill="#ffffff"><textPath href="#${id}-arc" xlink:href="#${id}-arc" startOffset="25%" text-anchor="middle">${ring} · LEDA</textPath></text>`,
    `<circle cx="80" cy="72" r="34" fill="#ffffff"/>`,
    `<path d="${emblem}" transform="translate(80 58)" fill="${colour}"/>`,
    `<text x="80" y="90" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="16" font-weight="700" fill="${colour}">${escapeXml(initials)}</text>`,
    `</svg>`,
  ].join('');
}


export interface SummaryPdfOptions {
  /**
   * How a date reads for the viewer (the screens' one formatter in the viewer's time zone, passed in
   * by the route, e.g. "28 November 2026 at 14:05 (Europe/Paris)"); a long UTC date by default.
   */
  formatDate?: (value: Date | string) => string;
  /** The document's language (BCP 47), for screen readers and search. */
  language?: string;
}

/**
 * The learner's summary of a journey they completed (403 before that; 404 when they may not read it).
 * Decisions 332 and 354: the Leda logo, readable dates in the viewer's zone, and tagged text (headings,
 * paragraphs, the step list, the logo's alternative text) with the title, language, subject and keywords.
 */
export async function journeySummaryPdf(
  db: Db,
  user: PolicyUser & { fullName: string },
  journeyParam: string | number,
  opts: SummaryPdfOptions = {},
): Promise<{ fileName: string; bytes: Uint8Array }> {
  const formatDate = opts.formatDate ?? readableDate;
  const journey = await getJourneyForUser(db, user, journeyParam);
  const uj = journey.userJourney;
  if (!uj?.completedAt) throw new DomainError('forbidden', SUMMARY_NOT_EARNED);
  const stepIds = new Set(journey.steps.map((s) => s.stepId));
  const activityIds = new Set(journey.steps.flatMap((s) => s.activities));
  const mine = (await listMyActivities(db, user.userId, { completed: true })).filter(
    (m) => (m.journeyStepId !== null && stepIds.has(m.journeyStepId)) || (m.sourceActivityId !== null && activityIds.has(m.sourceActivityId) && m.completedAt! >= uj.startedAt),
  );
  const answers = mine.length ? await loadMyActivities(db, user.userId, mine.map((m) => m.myActivityId)) : [];

  const bytes = await renderSummaryPdf({
    title: `${journey.name}: summary for ${user.fullName}`,
    subject: `${journey.name}: journey summary`,
    keywords: ['Leda', 'journey summary', journey.name],
    language: opts.language ?? 'en-GB',
    journeyName: journey.name,
    completedLine: `Completed by ${user.fullName} on ${formatDate(uj.completedAt)}`,
    startedLine: `Started on ${formatDate(uj.startedAt)}`,
    // The authored "Over N steps you will: ..." is for a journey ahead; the steps are listed below, done (decision 270).
    about: htmlToText(summaryWithoutStepList(journey.htmlSummary)) || journey.overview,
    stepsHeading: `Over ${journey.steps.length} step${journey.steps.length === 1 ? '' : 's'} you worked through`,
    steps: journey.steps.map((s, i) => `STEP ${i + 1}: ${s.name}`),
    answers: answers.map((a) => ({
      name: a.name,
      tasks: a.myActivityTasks.map((t) => ({
        name: t.name,
        fields: t.myActivityTaskFields.map((f) => {
          const chosen = f.myActivityTaskFieldOptions.filter((o) => o.isSelected).map((o) => o.label);
          return { label: f.label || 'Answer', value: chosen.length ? chosen.join(', ') : htmlToText(f.value ?? '') || 'No response provided.' };
        }),
      })),
    })),
    noAnswers: 'No activity answers were recorded for this journey.',
  });
  return { fileName: `${journey.urlId}-summary.pdf`, bytes };
}
