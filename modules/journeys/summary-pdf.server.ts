/**
 * The journey summary as a tagged PDF (decision 354): PDFKit writes a structure tree (Document, H1-H4,
 * P, L/LI/LBody, Figure with alternative text), /MarkInfo Marked, the document language and its title
 * shown in the title bar, so a screen reader reads headings, the step list and paragraphs as such, in
 * order, across pages. What it reads is plain text: awards.server.ts gathers it.
 */
export interface SummaryDocument {
  title: string;
  subject: string;
  keywords: string[];
  /** BCP 47, e.g. 'en-GB'. */
  language: string;
  journeyName: string;
  completedLine: string;
  startedLine: string;
  about: string;
  stepsHeading: string;
  steps: string[];
  answers: { name: string; tasks: { name: string; fields: { label: string; value: string }[] }[] }[];
  noAnswers: string;
}

const BRAND = '#2f6fae';
const INK = '#1a1a26';

/** The standard PDF fonts encode WinAnsi only: anything else becomes '?'. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const pdfSafe = (s: string) => [...s].map((c) => (c === '\t' ? ' ' : c.charCodeAt(0) < 256 || WIN_ANSI_EXTRA.has(c) ? c : '?')).join('');

export async function renderSummaryPdf(s: SummaryDocument): Promise<Uint8Array> {
  // PDFKit is loaded on the first summary, not with every process that imports the journeys module.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    pdfVersion: '1.7',
    tagged: true,
    lang: s.language,
    displayTitle: true,
    info: { Title: s.title, Author: 'Leda', Subject: s.subject, Keywords: s.keywords.join(', '), Creator: 'Leda', Producer: 'Leda (PDFKit)', CreationDate: new Date() },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const root = doc.struct('Document');
  doc.addStructure(root);
  /** One tagged block of text (H1, P, ...), then `gap` points of space. */
  const say = (type: string, text: string, font: 'Helvetica' | 'Helvetica-Bold', size: number, gap = 4, indent = 0) => {
    // A heading is not left alone at the foot of a page.
    if (type.startsWith('H') && doc.y > doc.page.height - doc.page.margins.bottom - 90) doc.addPage();
    root.add(
      doc.struct(type, {}, () => {
        doc.font(font).fontSize(size).fillColor(INK).text(pdfSafe(text), doc.page.margins.left + indent, undefined, { lineGap: size * 0.3 });
      }),
    );
    doc.moveDown(gap / size);
  };

  // The Leda mark (the favicon's rounded square with its white L) and the name, as one figure.
  root.add(
    doc.struct('Figure', { alt: 'Leda' }, () => {
      doc.save().translate(50, 40).scale(0.9);
      doc.path('M8 0H24A8 8 0 0 1 32 8V24A8 8 0 0 1 24 32H8A8 8 0 0 1 0 24V8A8 8 0 0 1 8 0Z').fill(BRAND);
      doc.path('M10 8V24H22').lineWidth(3.5).lineCap('round').stroke('#ffffff');
      doc.restore();
      doc.font('Helvetica-Bold').fontSize(18).fillColor(BRAND).text('Leda', 86, 46, { lineBreak: false });
    }),
  );
  doc.x = 50;
  doc.y = 92;
  say('P', 'Journey summary', 'Helvetica', 10);
  say('H1', s.journeyName, 'Helvetica-Bold', 22, 8);
  say('P', s.completedLine, 'Helvetica', 12, 2);
  say('P', s.startedLine, 'Helvetica', 10, 14);
  say('H2', 'About this journey', 'Helvetica-Bold', 14);
  for (const para of s.about.split(/\n{2,}/).filter(Boolean)) say('P', para, 'Helvetica', 11);
  doc.moveDown(0.8);
  say('H2', s.stepsHeading, 'Helvetica-Bold', 14);
  const list = doc.struct('L');
  root.add(list);
  for (const step of s.steps) {
    const item = doc.struct('LI');
    list.add(item);
    item.add(
      doc.struct('LBody', {}, () => {
        doc.font('Helvetica').fontSize(11).fillColor(INK).text(pdfSafe(step), 60, undefined, { lineGap: 3 });
      }),
    );
    item.end();
  }
  list.end();
  doc.moveDown(0.8);
  say('H2', 'Your answers', 'Helvetica-Bold', 14);
  if (!s.answers.length) say('P', s.noAnswers, 'Helvetica', 11);
  for (const a of s.answers) {
    say('H3', a.name, 'Helvetica-Bold', 12, 2);
    for (const t of a.tasks) {
      say('H4', t.name, 'Helvetica-Bold', 11, 2, 10);
      for (const f of t.fields) say('P', `${f.label}: ${f.value}`, 'Helvetica', 11, 2, 20);
    }
    doc.moveDown(0.6);
  }
  root.end();
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}
