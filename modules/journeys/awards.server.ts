import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { DomainError, type Db } from '@modules/shared/index.server';
import type { PolicyUser } from '@modules/identity/index.server';
import { listMyActivities, loadMyActivities } from '@modules/activities/index.server';
import { getJourneyForUser } from './journeys.server';
import { readableDate, summaryWithoutStepList } from './rules';

/**
 * What a completed journey unlocks: its badge (an SVG drawn per journey, the same picture wherever it
 * shows, e.g. the profile later) and the learner's summary, a real PDF made on the server with pdf-lib:
 * the learner's name, the journey, its summary and the learner's own answers to the journey's activities.
 */
export const SUMMARY_NOT_EARNED = 'Finish the journey to download its summary.';

const PALETTE = ['#1f4e79', '#6a2c70', '#0b6e4f', '#9c4a00', '#8a1c1c', '#2d4a8a', '#4a5d23', '#5b3a8c'];
const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** The journey's badge: a rosette in the journey's colour with its initials and name. */
export function journeyBadgeSvg(journey: { journeyId: number; name: string }): string {
  const colour = PALETTE[journey.journeyId % PALETTE.length]!;
  const initials = journey.name
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w) && !['a', 'an', 'the', 'that', 'and', 'of', 'through'].includes(w.toLowerCase()))
    .slice(0, 3)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  const points = Array.from({ length: 24 }, (_, i) => {
    const r = i % 2 ? 74 : 80;
    const a = (Math.PI * 2 * i) / 24;
    return `${(80 + r * Math.sin(a)).toFixed(1)},${(80 - r * Math.cos(a)).toFixed(1)}`;
  }).join(' ');
  const name = escapeXml(journey.name);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160" width="160" height="160" role="img" aria-label="${name} badge"><title>${name} badge</title><polygon points="${points}" fill="${colour}"/><circle cx="80" cy="80" r="58" fill="#ffffff"/><circle cx="80" cy="80" r="52" fill="${colour}"/><text x="80" y="92" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="34" font-weight="700" fill="#ffffff">${escapeXml(initials)}</text></svg>`;
}

const htmlToText = (html: string) =>
  html
    .replace(/<\/(p|li|h\d|div)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** The standard PDF fonts encode WinAnsi only: anything else becomes '?'. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const pdfSafe = (s: string) => [...s].map((c) => (c === '\t' ? ' ' : c.charCodeAt(0) < 256 || WIN_ANSI_EXTRA.has(c) ? c : '?')).join('');

class Writer {
  private page: PDFPage;
  private y = 0;
  constructor(
    private doc: PDFDocument,
    private font: PDFFont,
    private bold: PDFFont,
    private ink: Color,
  ) {
    this.page = this.newPage();
  }
  private newPage() {
    this.page = this.doc.addPage([595, 842]);
    this.y = 792;
    return this.page;
  }
  write(text: string, opts: { size?: number; bold?: boolean; gap?: number; indent?: number } = {}) {
    const size = opts.size ?? 11;
    const font = opts.bold ? this.bold : this.font;
    const width = 495 - (opts.indent ?? 0);
    for (const para of pdfSafe(text).split('\n')) {
      const words = para.split(/\s+/).filter(Boolean);
      let line = '';
      const lines: string[] = [];
      for (const w of words) {
        const next = line ? `${line} ${w}` : w;
        if (font.widthOfTextAtSize(next, size) > width && line) {
          lines.push(line);
          line = w;
        } else line = next;
      }
      lines.push(line);
      for (const l of lines) {
        if (this.y < 60) this.newPage();
        this.page.drawText(l, { x: 50 + (opts.indent ?? 0), y: this.y, size, font, color: this.ink });
        this.y -= size * 1.4;
      }
    }
    this.y -= opts.gap ?? 4;
  }
}

/** The learner's summary of a journey they completed (403 before that; 404 when they may not read it). */
export async function journeySummaryPdf(db: Db, user: PolicyUser & { fullName: string }, journeyParam: string | number): Promise<{ fileName: string; bytes: Uint8Array }> {
  const journey = await getJourneyForUser(db, user, journeyParam);
  const uj = journey.userJourney;
  if (!uj?.completedAt) throw new DomainError('forbidden', SUMMARY_NOT_EARNED);
  const stepIds = new Set(journey.steps.map((s) => s.stepId));
  const activityIds = new Set(journey.steps.flatMap((s) => s.activities));
  const mine = (await listMyActivities(db, user.userId, { completed: true })).filter(
    (m) => (m.journeyStepId !== null && stepIds.has(m.journeyStepId)) || (m.sourceActivityId !== null && activityIds.has(m.sourceActivityId) && m.completedAt! >= uj.startedAt),
  );
  const answers = mine.length ? await loadMyActivities(db, user.userId, mine.map((m) => m.myActivityId)) : [];

  // pdf-lib is loaded on the first summary, not with every process that imports the journeys module.
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(`${journey.name}: summary for ${user.fullName}`);
  doc.setAuthor('Leda');
  doc.setSubject(journey.name);
  const w = new Writer(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold), rgb(0.1, 0.1, 0.15));
  w.write('Leda journey summary', { size: 10 });
  w.write(journey.name, { size: 22, bold: true, gap: 8 });
  w.write(`Completed by ${user.fullName} on ${readableDate(uj.completedAt)}`, { size: 12, gap: 14 });
  w.write('About this journey', { size: 14, bold: true });
  // The authored "Over N steps you will: ..." is for a journey ahead; the steps are listed below, done (decision 270).
  w.write(htmlToText(summaryWithoutStepList(journey.htmlSummary)) || journey.overview, { gap: 14 });
  w.write(`Over ${journey.steps.length} step${journey.steps.length === 1 ? '' : 's'} you worked through`, { size: 14, bold: true });
  journey.steps.forEach((s, i) => w.write(`STEP ${i + 1}: ${s.name}`, { indent: 10 }));
  w.write('', { gap: 10 });
  w.write('Your answers', { size: 14, bold: true });
  if (!answers.length) w.write('No activity answers were recorded for this journey.');
  for (const a of answers) {
    w.write(a.name, { size: 12, bold: true, gap: 2 });
    for (const t of a.myActivityTasks) {
      w.write(t.name, { bold: true, indent: 10, gap: 2 });
      for (const f of t.myActivityTaskFields) {
        const chosen = f.myActivityTaskFieldOptions.filter((o) => o.isSelected).map((o) => o.label);
        const value = chosen.length ? chosen.join(', ') : htmlToText(f.value ?? '') || 'No response provided.';
        w.write(`${f.label || 'Answer'}: ${value}`, { indent: 20, gap: 2 });
      }
    }
    w.write('', { gap: 8 });
  }
  return { fileName: `${journey.urlId}-summary.pdf`, bytes: await doc.save() };
}
