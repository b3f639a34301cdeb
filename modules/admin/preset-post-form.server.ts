import { isDomainError, type Db } from '@modules/shared/index.server';
import { checkPostFileCount, uploadFiles } from '@modules/social/index.server';
import { PRESET_POST_EMPTY, getPresetById, savePresetPost, type PresetPost } from './presets.server';

/**
 * The preset editor's post form (POSTS tab) as one use case: which of the post's files stay, the
 * 10-file and empty-post rules, the upload of new files, then the save. The route only reads the
 * multipart form and shows the outcome (decision 341: business rules live in modules).
 */
export interface PresetPostSubmission {
  presetId: number;
  post: { presetPostId: number | null; text: string; scheduledIn: number; time: string; isLedaOfficial: boolean };
  /** The post's files the form showed (hidden fileIds): they stay unless ticked for removal. */
  shownFileIds: ReadonlySet<number>;
  removedFileIds: ReadonlySet<number>;
  newFiles: { name: string; bytes: Uint8Array }[];
}

export type PresetPostOutcome =
  | { ok: true; post: PresetPost }
  | { ok: false; reason: 'not_found'; status: number }
  | { ok: false; reason: 'files' | 'text'; status: number; message: string };

export async function submitPresetPost(db: Db, actorId: number, s: PresetPostSubmission): Promise<PresetPostOutcome> {
  const preset = await getPresetById(db, s.presetId);
  const existing = s.post.presetPostId ? preset.posts.find((x) => x.presetPostId === s.post.presetPostId) : null;
  if (s.post.presetPostId && !existing) return { ok: false, reason: 'not_found', status: 404 };
  // Ids the form names that are not this post's files are ignored.
  const kept = (existing?.postFiles ?? []).map((f) => f.file.fileId).filter((id) => s.shownFileIds.has(id) && !s.removedFileIds.has(id));
  if (!s.post.text.trim() && kept.length + s.newFiles.length === 0) return { ok: false, reason: 'text', status: 400, message: PRESET_POST_EMPTY };
  let uploaded: number[] = [];
  try {
    // The social module's 10-file rule, checked before any upload is stored.
    checkPostFileCount(kept.length + s.newFiles.length);
    if (s.newFiles.length) uploaded = (await uploadFiles(db, actorId, 'files', s.newFiles)).map((f) => f.fileId);
  } catch (err) {
    if (isDomainError(err)) return { ok: false, reason: 'files', status: err.status, message: err.message };
    throw err;
  }
  return { ok: true, post: await savePresetPost(db, actorId, { presetId: s.presetId, post: { ...s.post, fileIds: [...kept, ...uploaded] } }) };
}
