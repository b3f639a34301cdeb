/**
 * One-off codemod (issue 29 §1, docs/decisions/300): guards and per-request helpers take the
 * request's context. `npx tsx scripts/codemods/context-guards.ts <files...>` rewrites in place:
 *   requireUser(request, …) and the other guards      → requireUser(request, context, …)
 *   clientIpOf(request)                               → context.clientIp
 *   requestLogger(request)                            → context.log
 *   loadShell(request, user)                          → loadShell(context, user)
 *   userTeams(request, id) / teamListCards / teamListJourneys → context.teams() / teamCards() / currentJourneys()
 * and puts `context` in scope: added to the enclosing function's destructured ({ request, … }) argument,
 * or as a `context: AppLoadContext` parameter after a `request: Request` one (printed: fix the callers).
 */
import fs from 'node:fs';
import ts from 'typescript';

const INSERT = new Set(['handlePostAction', 'readUploadedFiles', 'readFormWithFiles', 'readForm', 'target', 'requireFeedbackUser', 'refused', 'contactAction', 'feedbackVisitor', 'requireJourneyUser', 'loadLearnerHome', 'readActivityForm', 'newPasswordLoader', 'newPasswordAction', 'newsletterAction', 'audienceOptions', 'startSessionPayload', 'readParts', 'requireUser', 'requireAnonymous', 'requireProductAdmin', 'requireTeamAdmin', 'requireApiUser', 'requireApiProductAdmin', 'requireTeamAccess', 'getAuth', 'getOptionalUser', 'followThenTo', 'allowUpload']);
const REPLACE: Record<string, string> = { clientIpOf: 'context.clientIp', requestLogger: 'context.log', userTeams: 'context.teams()', teamListCards: 'context.teamCards()', teamListJourneys: 'context.currentJourneys()' };
const GONE_IMPORTS = ['clientIpOf', 'requestLogger', 'userTeams', 'teamListCards', 'teamListJourneys'];

type Edit = { pos: number; end: number; text: string };

for (const file of process.argv.slice(2)) {
  const text = fs.readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const edits: Edit[] = [];
  const scoped = new Set<ts.Node>();
  let needsType = false;

  const enclosing = (node: ts.Node): ts.SignatureDeclaration | undefined => {
    for (let n = node.parent; n; n = n.parent) if (ts.isFunctionLike(n) && (n as ts.FunctionLikeDeclaration).body) return n as ts.SignatureDeclaration;
    return undefined;
  };
  const hasContextInScope = (fn: ts.SignatureDeclaration): boolean => {
    for (let n: ts.Node | undefined = fn; n; n = n.parent) {
      if (!ts.isFunctionLike(n)) continue;
      for (const p of n.parameters) {
        if (ts.isIdentifier(p.name) && p.name.text === 'context') return true;
        if (ts.isObjectBindingPattern(p.name) && p.name.elements.some((e) => ts.isIdentifier(e.name) && e.name.text === 'context')) return true;
      }
    }
    return false;
  };
  const bringContext = (node: ts.Node) => {
    const fn = enclosing(node);
    if (!fn || scoped.has(fn) || hasContextInScope(fn)) return;
    scoped.add(fn);
    const first = fn.parameters[0];
    if (first && ts.isObjectBindingPattern(first.name)) {
      const last = first.name.elements[first.name.elements.length - 1]!;
      edits.push({ pos: last.end, end: last.end, text: ', context' });
      return;
    }
    const req = fn.parameters.find((p) => ts.isIdentifier(p.name) && p.name.text === 'request');
    if (req) {
      edits.push({ pos: req.end, end: req.end, text: ', context: AppLoadContext' });
      needsType = true;
      const { line } = sf.getLineAndCharacterOfPosition(fn.getStart());
      console.log(`${file}:${line + 1}: added a context parameter: fix the callers`);
      return;
    }
    const { line } = sf.getLineAndCharacterOfPosition(node.getStart());
    console.log(`${file}:${line + 1}: no context in scope: fix by hand`);
  };

  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      const name = node.expression.text;
      const [arg0] = node.arguments;
      const reqArg = arg0 && (ts.isIdentifier(arg0) || ts.isPropertyAccessExpression(arg0)) && /(^|\.)request$/.test(arg0.getText(sf));
      if (INSERT.has(name) && reqArg && node.arguments[1]?.getText(sf) !== 'context') {
        edits.push({ pos: arg0.end, end: arg0.end, text: ', context' });
        bringContext(node);
      } else if (name in REPLACE && reqArg) {
        edits.push({ pos: node.getStart(sf), end: node.end, text: REPLACE[name]! });
        bringContext(node);
      } else if (name === 'loadShell' && reqArg) {
        edits.push({ pos: arg0.getStart(sf), end: arg0.end, text: 'context' });
        bringContext(node);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  if (!edits.length) continue;
  let out = text;
  for (const e of edits.sort((a, b) => b.pos - a.pos)) out = out.slice(0, e.pos) + e.text + out.slice(e.end);
  // Imports of helpers that became context members.
  out = out.replace(/import \{([^}]*)\} from '([^']+)';\n/g, (whole, names: string, from: string) => {
    const kept = names.split(',').map((n) => n.trim()).filter((n) => n && !GONE_IMPORTS.includes(n.replace(/^type /, '')));
    if (kept.length === names.split(',').filter((n) => n.trim()).length) return whole;
    return kept.length ? `import { ${kept.join(', ')} } from '${from}';\n` : '';
  });
  if (needsType && !/\bAppLoadContext\b/.test(text)) out = `import type { AppLoadContext } from '@remix-run/node';\n` + out;
  fs.writeFileSync(file, out);
}
