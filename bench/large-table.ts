// A large benchmark table (180×120 cm, 256×256 height samples, 40 buildings, 150 trees in 30
// woods, walls and hedges) and 200 figures, generated deterministically.
import { validateScenario, type Scenario } from '../src/scenario';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function largeTable(seed = 7): Scenario {
  const r = rng(seed);
  const features: unknown[] = [
    { id: 'hill_a', kind: 'hill', center: [45, 40], radius: [25, 18], height: 7, rotation: 20 },
    { id: 'hill_b', kind: 'hill', center: [130, 85], radius: 22, height: 9, profile: 'plateau', plateau: 0.4 },
    { id: 'hill_c', kind: 'hill', center: [150, 25], radius: 14, height: 4, profile: 'cone' },
    { id: 'river', kind: 'water', water: 'river', path: [[0, 70], [60, 66], [120, 62], [180, 58]], width: 6, depth: 1.2 },
  ];
  // 40 buildings on an 8×5 lattice with jitter, clear of the hills' crests.
  for (let i = 0; i < 40; i++) {
    const cx = 12 + (i % 8) * 22 + r() * 4;
    const cz = 10 + Math.floor(i / 8) * 24 + r() * 4;
    const two = r() < 0.5;
    features.push({
      id: `b${i}`, kind: 'building', center: [cx, cz], size: [6 + r() * 3, 5 + r() * 2], rotation: Math.round(r() * 60 - 30),
      floors: two ? [{ elevation: 0 }, { elevation: 4 }] : [{ elevation: 0 }], eaves: two ? 8 : 4,
      roof: { kind: 'gable', height: 2.5 },
      openings: [
        { kind: 'door', wall: 'south', floor: 0, offset: 0, width: 1.2, sill: 0, height: 2.5 },
        { kind: 'window', wall: 'north', floor: two ? 1 : 0, offset: 0.5, width: 1.5, sill: 1, height: 1.5 },
      ],
    });
  }
  // 30 small woods with 5 trees each = 150 trees.
  for (let i = 0; i < 30; i++) {
    const cx = 8 + r() * 164, cz = 8 + r() * 104, s = 3 + r() * 3;
    features.push({ id: `w${i}`, kind: 'woods', density: i % 3 === 0 ? 'dense' : 'normal', trees: 5,
      polygon: [[cx - s, cz - s], [cx + s, cz - s], [cx + s, cz + s], [cx - s, cz + s]] });
  }
  for (let i = 0; i < 12; i++) {
    const x = 5 + r() * 160, z = 5 + r() * 100;
    features.push({ id: `l${i}`, kind: i % 2 ? 'hedge' : 'wall', height: i % 2 ? 1.2 : 2, path: [[x, z], [x + 10 + r() * 5, z + r() * 4]] });
  }
  const figures = Array.from({ length: 200 }, (_, i) => ({ id: `f${i}`, at: [2 + r() * 176, 2 + r() * 116] }));
  const scenario = {
    format: 1, id: 'bench-large', ruleset: 'sandbox', title: 'Benchmark table', table: { width: 180, depth: 120 },
    relief: { samples: [256, 256] }, features, sides: [{ id: 'a', name: 'A', edge: 'west' }],
    units: [{ id: 'u', side: 'a', name: 'All', type: 'infantry', profile: 'x', figures }],
  };
  const res = validateScenario(scenario, 'bench/large-table');
  if (!res.ok) throw new Error(res.issues.map((i) => `${i.path}: ${i.message}`).join('\n'));
  return res.scenario;
}
