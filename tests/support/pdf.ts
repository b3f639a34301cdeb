import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from 'pdf-lib';

/**
 * What a PDF says and how it is tagged, for tests: the text of every page's content in order (each
 * text-showing operator's strings joined, kerning numbers dropped; hex or literal strings, one line per
 * operator), and the structure tree's element types in reading order ("Document", "H1", "P", "L", …).
 */
export async function readPdf(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes);
  const content = pdf.getPages().flatMap((page) => {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => pdf.context.lookup(r)) : [contents];
    return streams.map((s) => (s instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(s).decode()).toString('latin1') : ''));
  });
  const lines: string[] = [];
  for (const stream of content) {
    for (const op of stream.matchAll(/\[((?:<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\)|\s|-?[\d.]+)*)\]\s*TJ|(<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\))\s*Tj/g)) {
      const parts = (op[1] ?? op[2]!).match(/<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\)/g) ?? [];
      lines.push(parts.map((p) => (p.startsWith('<') ? Buffer.from(p.slice(1, -1), 'hex').toString('latin1') : p.slice(1, -1).replace(/\\(.)/g, '$1'))).join(''));
    }
  }
  const structure: string[] = [];
  const walk = (node: unknown) => {
    if (node instanceof PDFArray) return node.asArray().forEach((n) => walk(pdf.context.lookup(n)));
    if (!(node instanceof PDFDict)) return;
    const type = node.get(PDFName.of('S'));
    if (type instanceof PDFName) structure.push(type.decodeText());
    const kids = node.get(PDFName.of('K'));
    if (kids) walk(pdf.context.lookup(kids));
  };
  const root = pdf.catalog.lookupMaybe(PDFName.of('StructTreeRoot'), PDFDict);
  if (root) walk(pdf.context.lookup(root.get(PDFName.of('K'))));
  const markInfo = pdf.catalog.lookupMaybe(PDFName.of('MarkInfo'), PDFDict);
  return { pdf, text: lines.join('\n'), structure, marked: String(markInfo?.get(PDFName.of('Marked'))) === 'true' };
}
