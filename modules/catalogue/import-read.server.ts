import fs from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import {
  assessmentFile,
  capabilitiesFile,
  gameFile,
  modulesFile,
  skillFile,
  skillGroupsFile,
  storyFile,
  videosFile,
  type AssessmentFile,
  type CapabilitiesFile,
  type GameFile,
  type ModulesFile,
  type SkillFile,
  type SkillGroupsFile,
  type StoryFile,
  type VideosFile,
} from './content-files-schemas';
import { measureVideoDurations } from './media.server';

/**
 * Reads a catalogue folder (JSON or YAML files) and checks every file: shape (zod) and
 * cross-references (urlIds known in the folder or already in the database, stage keys inside a
 * game). Every problem is reported as '<file>: <field path>: <message>'.
 */
export interface CatalogueBundle {
  capabilities: Sourced<CapabilitiesFile> | null;
  skillGroups: Sourced<SkillGroupsFile> | null;
  skills: Sourced<SkillFile>[];
  videos: Sourced<VideosFile> | null;
  modules: Sourced<ModulesFile> | null;
  stories: Sourced<StoryFile>[];
  games: Sourced<GameFile>[];
  assessments: Sourced<AssessmentFile>[];
}
export interface Sourced<T> {
  file: string;
  data: T;
}
/** urlIds already in the database, so a folder may hold only part of the catalogue. */
export interface KnownIds {
  skillGroups: Set<string>;
  skills: Set<string>;
  videos: Set<string>;
  stories: Set<string>;
  assessments: Set<string>;
}

const EXTENSIONS = ['.json', '.yaml', '.yml'];
const isContentFile = (name: string) => EXTENSIONS.includes(path.extname(name).toLowerCase());

const fieldPath = (p: readonly PropertyKey[]) => (p.length ? p.map(String).join('.') : '(file)');

async function exists(p: string) {
  return fs.stat(p).then(
    (s) => s,
    () => null,
  );
}

async function parseFile<S extends z.ZodType>(folder: string, rel: string, schema: S, problems: string[]): Promise<Sourced<z.output<S>> | null> {
  let raw: unknown;
  try {
    const text = await fs.readFile(path.join(folder, rel), 'utf8');
    raw = path.extname(rel).toLowerCase() === '.json' ? JSON.parse(text) : parseYaml(text);
  } catch (e) {
    problems.push(`${rel}: (file): cannot be read (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`);
    return null;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`${rel}: ${fieldPath(issue.path)}: ${issue.message}`);
    return null;
  }
  return { file: rel, data: parsed.data };
}

async function single<S extends z.ZodType>(folder: string, base: string, schema: S, problems: string[]) {
  for (const ext of EXTENSIONS) {
    if (await exists(path.join(folder, base + ext))) return parseFile(folder, base + ext, schema, problems);
  }
  return null;
}

async function many<S extends z.ZodType>(folder: string, dir: string, schema: S, problems: string[]) {
  const stat = await exists(path.join(folder, dir));
  if (!stat?.isDirectory()) return [];
  const names = (await fs.readdir(path.join(folder, dir))).filter(isContentFile).sort();
  const out: Sourced<z.output<S>>[] = [];
  for (const name of names) {
    const item = await parseFile(folder, `${dir}/${name}`, schema, problems);
    if (item) out.push(item);
  }
  return out;
}

export async function readCatalogueFolder(folder: string): Promise<{ bundle: CatalogueBundle; problems: string[] }> {
  const problems: string[] = [];
  const stat = await exists(folder);
  if (!stat?.isDirectory()) {
    return { bundle: emptyBundle(), problems: [`${folder}: (folder): not a folder`] };
  }
  const bundle: CatalogueBundle = {
    capabilities: await single(folder, 'capabilities', capabilitiesFile, problems),
    skillGroups: await single(folder, 'skill-groups', skillGroupsFile, problems),
    skills: await many(folder, 'skills', skillFile, problems),
    videos: await single(folder, 'videos', videosFile, problems),
    modules: await single(folder, 'modules', modulesFile, problems),
    stories: await many(folder, 'stories', storyFile, problems),
    games: await many(folder, 'games', gameFile, problems),
    assessments: await many(folder, 'assessments', assessmentFile, problems),
  };
  if (bundle.videos) await measureVideoDurations(bundle.videos.file, bundle.videos.data, problems);
  return { bundle, problems };
}

export function emptyBundle(): CatalogueBundle {
  return { capabilities: null, skillGroups: null, skills: [], videos: null, modules: null, stories: [], games: [], assessments: [] };
}

/** Cross-reference checks; returns every problem found. */
export function checkReferences(bundle: CatalogueBundle, known: KnownIds): string[] {
  const problems: string[] = [];
  const union = (inDb: Set<string>, inFolder: string[]) => new Set([...inDb, ...inFolder]);
  const groups = union(known.skillGroups, bundle.skillGroups?.data.map((g) => g.urlId) ?? []);
  const skills = union(known.skills, bundle.skills.map((s) => s.data.urlId));
  const videos = union(known.videos, bundle.videos?.data.map((v) => v.urlId) ?? []);
  const stories = union(known.stories, bundle.stories.map((s) => s.data.urlId));
  const assessments = union(known.assessments, bundle.assessments.map((a) => a.data.urlId));

  const ref = (file: string, at: string, set: Set<string>, what: string, value: string | null | undefined) => {
    if (value != null && !set.has(value)) problems.push(`${file}: ${at}: unknown ${what} "${value}"`);
  };
  const duplicates = (file: string, at: string, values: string[], what: string) => {
    const seen = new Set<string>();
    values.forEach((v, i) => {
      if (seen.has(v)) problems.push(`${file}: ${at}.${i}: duplicate ${what} "${v}"`);
      seen.add(v);
    });
  };
  const sameUrlIdAcrossFiles = (items: Sourced<{ urlId: string }>[], what: string) => {
    const seen = new Map<string, string>();
    for (const it of items) {
      const other = seen.get(it.data.urlId);
      if (other) problems.push(`${it.file}: urlId: duplicate ${what} urlId "${it.data.urlId}" (also in ${other})`);
      seen.set(it.data.urlId, it.file);
    }
  };

  if (bundle.capabilities) {
    const { file, data } = bundle.capabilities;
    duplicates(file, '', data.map((c) => c.urlId), 'capability urlId');
    data.forEach((c, i) => c.skillGroups.forEach((g, j) => ref(file, `${i}.skillGroups.${j}`, groups, 'skill group', g)));
  }
  if (bundle.skillGroups) duplicates(bundle.skillGroups.file, '', bundle.skillGroups.data.map((g) => g.urlId), 'skill group urlId');
  sameUrlIdAcrossFiles(bundle.skills, 'skill');
  for (const { file, data } of bundle.skills) ref(file, 'skillGroup', groups, 'skill group', data.skillGroup);
  if (bundle.videos) {
    const { file, data } = bundle.videos;
    duplicates(file, '', data.map((v) => v.urlId), 'video urlId');
    data.forEach((v, i) => v.skills.forEach((s, j) => ref(file, `${i}.skills.${j}`, skills, 'skill', s)));
  }
  if (bundle.modules) {
    const { file, data } = bundle.modules;
    duplicates(file, '', data.map((m) => m.urlId), 'module urlId');
    data.forEach((m, i) => m.stories.forEach((s, j) => ref(file, `${i}.stories.${j}`, stories, 'story', s)));
  }
  sameUrlIdAcrossFiles(bundle.stories, 'story');
  for (const { file, data } of bundle.stories) {
    data.relatedSkills.forEach((s, i) => ref(file, `relatedSkills.${i}`, skills, 'skill', s));
    duplicates(file, 'chapters', data.chapters.map((c) => c.urlId), 'chapter urlId');
    data.chapters.forEach((c, i) => {
      ref(file, `chapters.${i}.video`, videos, 'video', c.video);
      c.relatedVideos.forEach((v, j) => ref(file, `chapters.${i}.relatedVideos.${j}`, videos, 'video', v));
      c.relatedAssessments.forEach((a, j) => ref(file, `chapters.${i}.relatedAssessments.${j}`, assessments, 'assessment', a));
    });
  }
  const rules = (file: string, data: { feedbacks: { skill: string }[]; activities: { skill: string }[]; relatedSkills: { skill: string }[] }) => {
    data.relatedSkills.forEach((r, i) => ref(file, `relatedSkills.${i}.skill`, skills, 'skill', r.skill));
    duplicates(file, 'relatedSkills', data.relatedSkills.map((r) => r.skill), 'related skill');
    data.feedbacks.forEach((r, i) => ref(file, `feedbacks.${i}.skill`, skills, 'skill', r.skill));
    data.activities.forEach((r, i) => ref(file, `activities.${i}.skill`, skills, 'skill', r.skill));
  };
  sameUrlIdAcrossFiles(bundle.games, 'game');
  for (const { file, data } of bundle.games) {
    rules(file, data);
    const keys = new Set(data.stages.map((s) => s.key));
    duplicates(file, 'stages', data.stages.map((s) => s.key), 'stage key');
    if (!keys.has(data.startStage)) problems.push(`${file}: startStage: unknown stage key "${data.startStage}"`);
    data.stages.forEach((s, i) => {
      if (s.next != null && !keys.has(s.next)) problems.push(`${file}: stages.${i}.next: unknown stage key "${s.next}"`);
      s.choices.forEach((c, j) => {
        if (c.next != null && !keys.has(c.next)) problems.push(`${file}: stages.${i}.choices.${j}.next: unknown stage key "${c.next}"`);
        c.skillPoints.forEach((p, k) => ref(file, `stages.${i}.choices.${j}.skillPoints.${k}.skill`, skills, 'skill', p.skill));
        duplicates(file, `stages.${i}.choices.${j}.skillPoints`, c.skillPoints.map((p) => p.skill), 'skill');
      });
    });
  }
  sameUrlIdAcrossFiles(bundle.assessments, 'assessment');
  for (const { file, data } of bundle.assessments) {
    rules(file, data);
    data.questions.forEach((q, i) =>
      q.options.forEach((o, j) => {
        o.skillPoints.forEach((p, k) => ref(file, `questions.${i}.options.${j}.skillPoints.${k}.skill`, skills, 'skill', p.skill));
        duplicates(file, `questions.${i}.options.${j}.skillPoints`, o.skillPoints.map((p) => p.skill), 'skill');
      }),
    );
  }
  return problems;
}
