/** Colour helpers shared by the public site and the app (browser-safe). */

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

/**
 * The colour darkened (mixed towards black in 5% steps) until text in it reaches 4.5:1 on every
 * given background: a skill group's colour is data, but text in it must stay readable (issue 9).
 */
export function textSafeColour(hex: string, backgrounds: string[]): string {
  const key = `${hex}|${backgrounds.join('|')}`;
  let safe = safeColours.get(key);
  if (safe === undefined) {
    safe = computeTextSafeColour(hex, backgrounds);
    // A handful of group colours exist: the cache stays small, and a page renders each card's colour without recomputing it.
    if (safeColours.size >= 500) safeColours.clear();
    safeColours.set(key, safe);
  }
  return safe;
}

const safeColours = new Map<string, string>();

function computeTextSafeColour(hex: string, backgrounds: string[]): string {
  if (!/^#[0-9a-f]{6}$/i.test(hex)) return hex;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  for (let k = 0; k <= 20; k++) {
    const f = 1 - k * 0.05;
    const c = `#${[r!, g!, b!].map((v) => Math.round(v * f).toString(16).padStart(2, '0')).join('')}`;
    if (backgrounds.every((bg) => !/^#[0-9a-f]{6}$/i.test(bg) || contrast(c, bg) >= 4.6)) return c;
  }
  return '#000000';
}
