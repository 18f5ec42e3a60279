// The render benchmark's table: the large battlefield table (40 buildings, 150 trees in 30 woods)
// with 300 figures in 30 ten-figure units on two sides, validated like any scenario file.
import { validateScenario, type Scenario } from '../src/scenario';
import { largeTable } from './large-table';

export function renderScene(seed = 11): Scenario {
  const base = largeTable(7);
  let s = seed >>> 0;
  const r = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296);
  const units = Array.from({ length: 30 }, (_, u) => {
    const cx = 8 + r() * 164, cz = 8 + r() * 104;
    return {
      id: `u${u}`, side: u % 2 ? 'blue' : 'red', name: `Section ${u + 1}`, type: 'infantry', profile: 'rifleman',
      figures: Array.from({ length: 10 }, (_, f) => ({
        id: `u${u}_${f}`, at: [Math.min(178, Math.max(2, cx + (f % 5) * 2.2 - 4.4)), Math.min(118, Math.max(2, cz + Math.floor(f / 5) * 2.4))],
        facing: u % 2 ? 270 : 90,
      })),
    };
  });
  const scenario = {
    ...base, id: 'bench-large', title: 'Render benchmark table',
    sides: [{ id: 'red', name: 'Red', edge: 'west', colour: '#8a3b2e' }, { id: 'blue', name: 'Blue', edge: 'east', colour: '#3b4f7a' }],
    units,
  };
  const res = validateScenario(scenario, 'bench/render-scene');
  if (!res.ok) throw new Error(res.issues.map((i) => `${i.path}: ${i.message}`).join('\n'));
  return res.scenario;
}
