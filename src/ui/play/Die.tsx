// One die face: a d6 as pips (SVG), any other die as its number.
const PIPS: Record<number, Array<[number, number]>> = {
  1: [[12, 12]],
  2: [[7, 7], [17, 17]],
  3: [[6, 6], [12, 12], [18, 18]],
  4: [[7, 7], [17, 7], [7, 17], [17, 17]],
  5: [[6, 6], [18, 6], [12, 12], [6, 18], [18, 18]],
  6: [[7, 6], [17, 6], [7, 12], [17, 12], [7, 18], [17, 18]],
};

export interface DieProps {
  value: number;
  sides: number;
  hit?: boolean;
  /** Show the number even on a d6 (a group of mixed dice). */
  numeral?: boolean;
}

export function Die({ value, sides, hit, numeral }: DieProps) {
  const pips = sides === 6 && !numeral ? PIPS[value] : undefined;
  return (
    <svg className={hit ? 'st-die st-die-hit' : 'st-die'} viewBox="0 0 24 24" role="img" aria-label={`d${sides}: ${value}`} data-value={value}>
      <rect x="1" y="1" width="22" height="22" rx="4.5" />
      {pips ? pips.map(([x, y]) => <circle key={`${x},${y}`} cx={x} cy={y} r="2.3" />)
        : <text x="12" y="16.5" textAnchor="middle">{value}</text>}
    </svg>
  );
}
