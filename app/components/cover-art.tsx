/**
 * Generated cover art (issue 25 s.2, decision 282): an SVG drawn from the title alone, so the same
 * skill, story, journey or activity always gets the same picture, with no stored image and no request.
 * Decorative (aria-hidden); the card's title names it. No ids, so many on a page never clash.
 */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export type CoverKind = 'skill' | 'story' | 'journey' | 'activity';

const KIND_HUE: Record<CoverKind, number> = { skill: 210, story: 330, journey: 150, activity: 30 };

/** The shapes of a cover, as data (tested without rendering). */
export function coverShapes(title: string, kind: CoverKind) {
  const h = hash(`${kind}:${title}`);
  const hue = (KIND_HUE[kind] + (h % 60) - 30 + 360) % 360;
  const pick = (shift: number, max: number) => (h >>> shift) % max;
  return {
    background: `hsl(${hue} 55% 32%)`,
    circles: [
      { cx: 40 + pick(3, 220), cy: 20 + pick(7, 80), r: 30 + pick(11, 50), fill: `hsl(${(hue + 40) % 360} 65% 55% / 0.55)` },
      { cx: 20 + pick(13, 260), cy: 40 + pick(17, 60), r: 20 + pick(19, 40), fill: `hsl(${(hue + 320) % 360} 70% 70% / 0.45)` },
    ],
    band: { y: 70 + pick(23, 40), fill: `hsl(${(hue + 180) % 360} 45% 85% / 0.25)` },
  };
}

export function CoverArt({ title, kind }: { title: string; kind: CoverKind }) {
  const s = coverShapes(title, kind);
  return (
    <svg className="card-cover" viewBox="0 0 320 120" preserveAspectRatio="xMidYMid slice" aria-hidden="true" focusable="false" data-kind={kind}>
      <rect width="320" height="120" fill={s.background} />
      {s.circles.map((c, i) => (
        <circle key={i} cx={c.cx} cy={c.cy} r={c.r} fill={c.fill} />
      ))}
      <rect x="0" y={s.band.y} width="320" height="14" fill={s.band.fill} transform={`rotate(-8 160 ${s.band.y})`} />
    </svg>
  );
}
