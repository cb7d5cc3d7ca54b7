import './body-map.css';

/**
 * A front and back figure whose regions are the muscle catalogue's 17 muscles (api/src/modules/muscles), drawn once
 * here: primary muscles filled strong, secondary ones light. Names are the catalogue's (`Chest`, `Middle back`…).
 */
type Shape =
  | { kind: 'e'; cx: number; cy: number; rx: number; ry: number }
  | { kind: 'r'; x: number; y: number; w: number; h: number };

const pair = (cx: number, cy: number, rx: number, ry: number, gap: number): Shape[] => [
  { kind: 'e', cx: cx - gap, cy, rx, ry },
  { kind: 'e', cx: cx + gap, cy, rx, ry },
];

const front: Record<string, Shape[]> = {
  Neck: [{ kind: 'r', x: 45, y: 24, w: 10, h: 8 }],
  Shoulders: pair(50, 40, 7, 6, 19),
  Chest: pair(50, 50, 8, 6, 8),
  Biceps: pair(50, 60, 4, 9, 25),
  Forearms: pair(50, 82, 3.5, 10, 29),
  Abdominals: [{ kind: 'r', x: 43, y: 58, w: 14, h: 30 }],
  Abductors: pair(50, 102, 4, 7, 15),
  Adductors: pair(50, 112, 3, 8, 4),
  Quadriceps: pair(50, 125, 6, 16, 9),
};
const back: Record<string, Shape[]> = {
  Neck: [{ kind: 'r', x: 45, y: 24, w: 10, h: 6 }],
  Traps: [{ kind: 'e', cx: 50, cy: 36, rx: 13, ry: 6 }],
  Shoulders: pair(50, 40, 7, 6, 19),
  Triceps: pair(50, 60, 4, 9, 25),
  Forearms: pair(50, 82, 3.5, 10, 29),
  'Middle back': [{ kind: 'r', x: 44, y: 44, w: 12, h: 14 }],
  Lats: pair(50, 62, 6, 11, 11),
  'Lower back': [{ kind: 'r', x: 44, y: 74, w: 12, h: 14 }],
  Glutes: pair(50, 100, 7, 8, 7),
  Hamstrings: pair(50, 125, 6, 15, 8),
  Calves: pair(50, 162, 5, 12, 8),
};

function Figure({
  regions,
  x,
  strong,
  light,
  label,
}: {
  regions: Record<string, Shape[]>;
  x: number;
  strong: Set<string>;
  light: Set<string>;
  label: string;
}) {
  return (
    <g transform={`translate(${x} 0)`} aria-label={label}>
      {/* the outline: head, trunk, arms, legs */}
      <circle cx={50} cy={14} r={10} className="lb-bodymap__skin" />
      <rect x={32} y={32} width={36} height={62} rx={10} className="lb-bodymap__skin" />
      <rect x={17} y={36} width={12} height={60} rx={6} className="lb-bodymap__skin" />
      <rect x={71} y={36} width={12} height={60} rx={6} className="lb-bodymap__skin" />
      <rect x={34} y={92} width={15} height={95} rx={7} className="lb-bodymap__skin" />
      <rect x={51} y={92} width={15} height={95} rx={7} className="lb-bodymap__skin" />
      {Object.entries(regions).map(([name, shapes]) => {
        const state = strong.has(name) ? 'primary' : light.has(name) ? 'secondary' : 'none';
        return (
          <g
            key={name}
            data-muscle={name}
            data-state={state}
            className={`lb-bodymap__muscle lb-bodymap__muscle--${state}`}
          >
            <title>{name}</title>
            {shapes.map((s, i) =>
              s.kind === 'e' ? (
                <ellipse key={i} cx={s.cx} cy={s.cy} rx={s.rx} ry={s.ry} />
              ) : (
                <rect key={i} x={s.x} y={s.y} width={s.w} height={s.h} rx={3} />
              ),
            )}
          </g>
        );
      })}
    </g>
  );
}

export function BodyMap({
  highlighted,
  secondary = [],
  caption,
  small = false,
}: {
  highlighted: string[];
  secondary?: string[];
  caption?: string;
  small?: boolean;
}) {
  const strong = new Set(highlighted);
  const light = new Set(secondary.filter((m) => !strong.has(m)));
  const names = [...strong, ...light];
  const text = caption ?? (names.length ? `Muscles worked: ${names.join(', ')}` : 'No muscles named');
  return (
    <figure className="lb-bodymap">
      <svg viewBox="0 0 200 190" width={small ? 160 : 260} role="img" aria-label={text}>
        <Figure regions={front} x={0} strong={strong} light={light} label="Front" />
        <Figure regions={back} x={100} strong={strong} light={light} label="Back" />
      </svg>
      <figcaption>{text}</figcaption>
    </figure>
  );
}
