import path from 'node:path';

const root = path.dirname(new URL(import.meta.url).pathname);

/** The tsconfig path aliases (~/*, @modules/*, @jobs/*), for both vitest configs. */
export const aliases: { find: RegExp; replacement: string }[] = [
  { find: /^~\/(.*)$/, replacement: `${root}/app/$1` },
  { find: /^@modules\/(.*)$/, replacement: `${root}/modules/$1` },
  { find: /^@jobs\/(.*)$/, replacement: `${root}/jobs/$1` },
];
