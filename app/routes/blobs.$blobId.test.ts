import { describe, expect, it } from 'vitest';
import { getDb, putBlob } from '@modules/shared/index.server';
import { loader } from './blobs.$blobId';
import { args, getRequest } from '../../tests/support/remix';

/** Stored files are served so that none can run script when opened directly. */
const serve = async (bytes: string, contentType: string) => {
  const { blobId } = await putBlob(getDb(), { bytes: new TextEncoder().encode(bytes), contentType });
  return loader(args(getRequest(`/blobs/${blobId}`), { blobId }));
};

describe('/blobs/{id}', () => {
  it('serves an image inline, sandboxed', async () => {
    const res = await serve('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('inline');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('makes anything that is not media a sandboxed download', async () => {
    const res = await serve('<script>alert(1)</script>', 'text/html');
    expect(res.headers.get('content-disposition')).toBe('attachment');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('answers 404 for a malformed or unknown id', async () => {
    for (const blobId of ['x', '../../etc/passwd', '%E0%A4%A', 'a'.repeat(500)]) {
      expect((await loader(args(getRequest('/blobs/x'), { blobId }))).status).toBe(404);
    }
  });
});
