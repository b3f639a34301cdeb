import { beforeAll, describe, expect, it } from 'vitest';
import { args, contextFor, ORIGIN, run } from '../../tests/support/remix';
import { makeTeam, makeUser, signIn } from '../../tests/support/factories';
import * as csvImport from '../routes/admin+/team-editor.$teamId.import._index';
import * as uploadFiles from '../routes/api+/file+/uploadFiles';
import { boundaryOf, parseDisposition, parseMultipart } from './multipart.server';
import { readFormWithFiles } from './upload.server';
import { TINY_PNG } from '../../tests/support/images';

/** Upload names with ';', '=' and '"' are read (and cleaned where stored), not refused. */
// A real image: uploads are decoded and re-encoded (decision 243).
const PNG = TINY_PNG;
const enc = new TextEncoder();

function rawMultipart(boundary: string, parts: { disposition: string; type?: string; body: string | Uint8Array }[]) {
  const chunks: Uint8Array[] = [];
  for (const p of parts) {
    chunks.push(enc.encode(`--${boundary}\r\nContent-Disposition: ${p.disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`));
    chunks.push(typeof p.body === 'string' ? enc.encode(p.body) : p.body, enc.encode('\r\n'));
  }
  chunks.push(enc.encode(`--${boundary}--\r\n`));
  return new Uint8Array(Buffer.concat(chunks));
}

describe('parseDisposition', () => {
  it("reads quoted names with ';', '=', escaped quotes and browsers' %22, and filename* in UTF-8", () => {
    expect(parseDisposition('form-data; name="files"; filename="a;b=c.png"')).toEqual({ name: 'files', filename: 'a;b=c.png' });
    expect(parseDisposition('form-data; name="files"; filename="say \\"hi\\".png"')).toEqual({ name: 'files', filename: 'say "hi".png' });
    expect(parseDisposition('form-data; name="files"; filename="say %22hi%22.png"')).toEqual({ name: 'files', filename: 'say "hi".png' });
    expect(parseDisposition("form-data; name=files; filename=\"x.png\"; filename*=UTF-8''%C3%BCber%3Bx.png")).toEqual({ name: 'files', filename: 'über;x.png' });
    expect(() => parseDisposition('attachment; filename="x"')).toThrow();
  });
});

describe('parseMultipart', () => {
  it('splits text fields and files, bytes intact, boundary quoted or not', () => {
    const body = rawMultipart('b0undary', [
      { disposition: 'form-data; name="text"', body: 'hello\r\nworld' },
      { disposition: 'form-data; name="files"; filename="a;b=\\"c\\".png"', type: 'image/png', body: PNG },
    ]);
    expect(boundaryOf('multipart/form-data; boundary="b0undary"')).toBe('b0undary');
    const parts = parseMultipart(body, boundaryOf('multipart/form-data; boundary=b0undary')!);
    expect(parts.map((p) => [p.name, p.filename, p.contentType])).toEqual([
      ['text', null, null],
      ['files', 'a;b="c".png', 'image/png'],
    ]);
    expect(new TextDecoder().decode(parts[0]!.bytes)).toBe('hello\r\nworld');
    expect([...parts[1]!.bytes]).toEqual([...PNG]);
  });

  it('refuses a body that is not multipart', () => {
    expect(() => parseMultipart(enc.encode('just text'), 'b0undary')).toThrow();
    expect(() => parseMultipart(enc.encode('--b0undary\r\nContent-Disposition: form-data; name="x"\r\n\r\nno end'), 'b0undary')).toThrow();
  });
});

describe('uploads with awkward names', () => {
  let token: string;
  // In a hook: the first user of a file warms the database up, which can take a while on a busy machine.
  beforeAll(async () => {
    token = (await signIn((await makeUser()).userId)).token;
  });

  it("stores a file named with ';', '=' and '\"' under a cleaned name (was a 400)", async () => {
    const form = new FormData();
    // undici writes '"' as %22, as browsers do.
    form.append('files', new File([PNG], 'q1;team=a "best".png', { type: 'image/png' }));
    const request = new Request(`${ORIGIN}/api/file/uploadFiles`, { method: 'POST', headers: { 'x-access-token': token }, body: form });
    const out = await run<{ fileName: string }[]>(() => uploadFiles.action(args(request) as never));
    expect(out.status).toBe(200);
    expect(out.data[0]?.fileName).toBe('q1_team_a _best_.png');
  });

  it('a form with files and text fields (the post editor without JavaScript) keeps both', async () => {
    const body = rawMultipart('xyz', [
      { disposition: 'form-data; name="text"', body: 'A post; with = signs' },
      { disposition: 'form-data; name="files"; filename="x \\"1\\".png"', type: 'image/png', body: PNG },
      { disposition: 'form-data; name="files"; filename=""', type: 'application/octet-stream', body: '' },
    ]);
    const request = new Request(`${ORIGIN}/x`, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=xyz' }, body });
    const { form, files } = await readFormWithFiles(request, contextFor(request));
    expect(form.get('text')).toBe('A post; with = signs');
    expect(files.map((f) => f.name)).toEqual(['x "1".png']);
  });

  it("takes a CSV import whose file name has ';', '=' and '\"' (the preview is made, the name cleaned)", async () => {
    const team = await makeTeam();
    const admin = await makeUser({ isLedaAdmin: true });
    const { cookie } = await signIn(admin.userId);
    const body = rawMultipart('csv', [
      { disposition: 'form-data; name="file"; filename="team;a=\\"b\\".csv"', type: 'text/csv', body: 'first name,last name,email\r\nAda,Lovelace,ada@example.test\r\n' },
    ]);
    const request = new Request(`${ORIGIN}/admin/team-editor/${team.teamId}/import`, { method: 'POST', headers: { cookie, 'content-type': 'multipart/form-data; boundary=csv' }, body });
    const out = await run(() => csvImport.action(args(request, { teamId: String(team.teamId) }) as never));
    expect(out.status).toBe(303);
    expect(out.location).toMatch(new RegExp(`^/admin/team-editor/${team.teamId}/import/\\d+$`));
  });
});
