// Writes a hand-planned game of a 1918 scenario as a `cli play --commands` file: one side follows a
// plan (each listed unit heads for its goal point, shoots when it is there or cannot get nearer; the
// other units shoot or stand), the other side is the random legal player. Games are tried seed after
// seed until one ends with the wanted result text; its commands, each with its side, are written to
// scenarios/kuularuisku/plans/<plan>.jsonl (the seed in its header).
// Usage: npx tsx scripts/plan-game.ts <plan name> [--seeds N]   (PLAN_DEBUG=1 prints the route moves and their refusals)
import { readFileSync, writeFileSync } from 'node:fs';
import { createBattlefield } from '../src/battlefield';
import { cachedTable, playableModule } from '../src/flow';
import { GameSession, type Command, type GameOptions } from '../src/game';
import { RULESET_MODULES } from '../src/rules';
import { candidateCommands } from '../src/rules/kuularuisku/player';
import type { KState } from '../src/rules/kuularuisku/engine';
import { parseScenarioOrThrow } from '../src/scenario';

const { ruleset } = playableModule(RULESET_MODULES.kuularuisku);
const player = RULESET_MODULES.kuularuisku.player;

interface Plan {
  scenario: string;
  side: string;
  /** Unit → the point it heads for (the moves the random player would try, the one that gets nearest). */
  goals: Record<string, [number, number]>;
  /** Unit → a path it follows in single file (a dam, a walkway): its own moves, the leader ahead, the others behind at 2 cm. */
  routes?: Record<string, Array<[number, number]>>;
  /** Units to shoot at first, when visible (in this order). */
  targets?: string[];
  want: string;
  options?: GameOptions;
}
type Cmd = Command & { side?: string; unitId?: string; mode?: string; moves?: Array<{ figureId: string; to: [number, number]; via?: Array<[number, number]> }>; targetId?: string };

/** The plans: where each unit of the planned side heads (cm, x east, z north), and the result wanted. */
const PLANS: Record<string, Plan> = {
  // 28 March 1918: the company goes up the bare slope in one rush at the east gate, the Swedes beside
  // it, the flank squads onto the rise north and south of the gate; the leaders follow close behind.
  'kalevankangas-white': {
    scenario: 'scenarios/kuularuisku/kalevankangas.json',
    side: 'white',
    want: 'White minor win, the result closest to 1918',
    goals: {
      w_sq3: [104, 70], w_swedes: [106, 58], w_sq2: [112, 45], w_sq4: [112, 88], w_sq5: [115, 66], w_sq1: [126, 30],
      w_coy: [118, 66], w_pl1: [118, 50], w_pl2: [118, 85],
    },
  },
  // 3–4 April 1918: in the dark a squad files along the needle dam, round the felt factory to its
  // south door and in; the Maxims and the squads in the mill fire on the factory's garrison once it
  // shows itself, then on the osasto on the west embankment.
  'tammerkoski-white': {
    scenario: 'scenarios/kuularuisku/tammerkoski.json',
    side: 'white',
    want: 'White',
    goals: {},
    routes: { w_sq2: [[123.5, 47], [123.5, 31], [121.5, 29.5], [83, 29.5], [79.5, 19], [69, 19], [69, 22.5]] },
    targets: ['r_marksmen', 'r_os3'],
  },
};

const [name, ...rest] = process.argv.slice(2);
const plan = name ? PLANS[name] : undefined;
if (!plan) {
  console.error(`usage: npx tsx scripts/plan-game.ts <plan> [--seeds N]; plans: ${Object.keys(PLANS).join(', ')}`);
  process.exit(2);
}
const outFile = `scenarios/kuularuisku/plans/${name}.jsonl`;
const seeds = Number(rest[rest.indexOf('--seeds') + 1] ?? 40) || 40;
const scenario = parseScenarioOrThrow(readFileSync(plan.scenario, 'utf8'), plan.scenario);
const bf = await createBattlefield(scenario);

/** Mean distance of a unit's standing soldiers to its goal after a move (before: their places now). */
function distanceAfter(s: KState, c: Cmd, goal: [number, number]): number {
  const u = s.units[c.unitId!]!;
  const to = new Map((c.moves ?? []).map((m) => [m.figureId, m.to]));
  const at = u.figures.map((id) => to.get(id) ?? s.figures[id]!.at);
  return at.reduce((a, p) => a + Math.hypot(p[0] - goal[0], p[1] - goal[1]), 0) / Math.max(1, at.length);
}

/** A point of a route at distance d along it, and a point's distance along the route (its nearest point's). */
function routeAt(route: ReadonlyArray<[number, number]>, d: number): [number, number] {
  let left = Math.max(0, d);
  for (let i = 1; i < route.length; i++) {
    const a = route[i - 1]!, b = route[i]!;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (left <= len) return [a[0] + ((b[0] - a[0]) * left) / len, a[1] + ((b[1] - a[1]) * left) / len];
    left -= len;
  }
  return route[route.length - 1]!;
}
function routeLength(route: ReadonlyArray<[number, number]>): number {
  let n = 0;
  for (let i = 1; i < route.length; i++) n += Math.hypot(route[i]![0] - route[i - 1]![0], route[i]![1] - route[i - 1]![1]);
  return n;
}
function progressOf(route: ReadonlyArray<[number, number]>, p: readonly [number, number]): number {
  let best = Infinity, at = 0, run = 0;
  for (let i = 1; i < route.length; i++) {
    const a = route[i - 1]!, b = route[i]!;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * (b[0] - a[0]) + (p[1] - a[1]) * (b[1] - a[1])) / (len * len)));
    const d = Math.hypot(a[0] + t * (b[0] - a[0]) - p[0], a[1] + t * (b[1] - a[1]) - p[1]);
    if (d < best) { best = d; at = run + t * len; }
    run += len;
  }
  return at;
}

/**
 * Single-file moves along a route for the activating unit: the soldiers ordered by how far along they
 * are, the first one `step` cm further, each other 2 cm behind the one before (never further than
 * `step` from where he stands). Fast moves first, then normal ones, each from long steps to short.
 */
function routeMoves(s: KState, unitId: string, side: string, route: ReadonlyArray<[number, number]>): Cmd[] {
  const u = s.units[unitId]!;
  const figs = u.figures.map((id) => s.figures[id]!).filter((f) => !f.removed && f.condition !== 'dead' && !f.evacuation);
  if (!figs.length) return [];
  const total = routeLength(route);
  const firstLeg = Math.hypot(route[1]![0] - route[0]![0], route[1]![1] - route[0]![1]);
  // Along the route first, nearer to it second: the soldiers' order in the file.
  const order = figs.map((f) => {
    const d = progressOf(route, f.at);
    const p = routeAt(route, d);
    return { f, d, off: Math.hypot(p[0] - f.at[0], p[1] - f.at[1]) };
  }).sort((a, b) => b.d - a.d || a.off - b.off);
  if (order[0]!.d >= total - 0.5) return [];
  const out: Cmd[] = [];
  for (const [mode, steps] of [['fast', [9.5, 8, 6]], ['normal', [4.8, 4, 3, 2]]] as const) {
    // The leader holds back (1 cm at a time) while the file behind him could not keep formation.
    for (const step of steps) for (let back = 0; back <= 14; back++) {
      const lead = Math.min(total, order[0]!.d + step - order[0]!.off) - back;
      if (lead <= order[0]!.d) break;
      const placed: Array<[number, number]> = [];
      let clash = false;
      const moves = order.map((o, k) => {
        // His place in the file: a soldier not yet on the route joins it on its first leg (on the bank);
        // one who cannot reach his place goes as far as he can towards it, less while he would crowd another.
        const d = Math.max(0, o.off > 0.5 ? Math.min(lead - k * 2, firstLeg - 0.5 - k * 0.3) : lead - k * 2);
        const slot = routeAt(route, d);
        const dx = slot[0] - o.f.at[0], dz = slot[1] - o.f.at[1];
        const len = Math.hypot(dx, dz);
        let k2 = len > step * 0.97 ? (step * 0.97) / len : 1;
        let to: [number, number] = [o.f.at[0] + dx * k2, o.f.at[1] + dz * k2];
        const crowded = () => placed.some((p) => Math.hypot(p[0] - to[0], p[1] - to[1]) < 1.3);
        while (k2 > 0 && crowded()) {
          k2 = Math.max(0, k2 - 0.1);
          to = [o.f.at[0] + dx * k2, o.f.at[1] + dz * k2];
        }
        if (crowded()) clash = true;
        placed.push(to);
        // Round the route's corners: the vertices between where he stands and where he goes.
        const reach = Math.min(d, o.d + step);
        const via: Array<[number, number]> = [];
        let run = 0;
        for (let i = 1; i < route.length - 1; i++) {
          run += Math.hypot(route[i]![0] - route[i - 1]![0], route[i]![1] - route[i - 1]![1]);
          if (run > o.d + 0.05 && run < reach - 0.05 && k2 === 1) via.push(route[i]!);
        }
        return { figureId: o.f.id, to, ...(via.length ? { via } : {}) };
      });
      if (!clash) out.push({ type: 'MOVE', side, unitId, mode, moves } as Cmd);
    }
  }
  return out;
}

/** The planned side's choice among the candidates: nearer the goal by a move, else a shot, else the first (end the activation, next card …). */
function planned(s: KState, list: Cmd[]): Cmd | undefined {
  let best: Cmd | undefined;
  let bestGain = 0.5;
  for (const c of list) {
    if (c.type !== 'MOVE' || !c.unitId) continue;
    const goal = plan!.goals[c.unitId];
    if (!goal) continue;
    const gain = distanceAfter(s, { ...c, moves: [] }, goal) - distanceAfter(s, c, goal);
    if (gain > bestGain) { best = c; bestGain = gain; }
  }
  // A unit on a route runs (a fast move): the men on the walkway risk a fall only when fired on this turn.
  const activate = list.filter((c) => c.type === 'ACTIVATE' && c.unitId && plan!.routes?.[c.unitId]) as Array<Cmd & { action?: string }>;
  if (activate.length) return activate.find((c) => c.action === 'fast-move') ?? activate[0];
  const shots = list.filter((c) => c.type === 'SHOOT');
  const first = (plan!.targets ?? []).map((t) => shots.find((c) => c.targetId === t)).find((c) => c);
  return best ?? first ?? shots[0] ?? list.find((c) => c.type !== 'MOVE' && c.type !== 'SHOOT');
}

for (let seed = 1; seed <= seeds; seed++) {
  const table = cachedTable(bf);
  const g = new GameSession({ ruleset, scenario, table, seed, ...(plan.options ? { options: plan.options } : {}) });
  const random = player({ seed: seed * 7919 + 1 });
  let n = 0;
  while (!g.victory() && n++ < 20_000) {
    const s = (g.state as { table: KState }).table;
    const toAct = g.withSideToAct({ type: 'DRAW_CARD' } as Command) as Cmd;
    let sent: Cmd | undefined;
    if (toAct.side === plan.side && !g.pendingDecision()) {
      const list = (candidateCommands(s, { scenario: g.scenario, table, legal: () => g.legalCommands() }) as Cmd[]).map((c) => g.withSideToAct(c) as Cmd);
      // A unit on a route moves by its own single-file moves, the first the rules take.
      const acting = s.activation?.units ?? [];
      const routed = acting.flatMap((id) => (plan.routes?.[id] ? routeMoves(s, id, toAct.side!, plan.routes[id]!) : []));
      for (const c of [...routed, planned(s, list), ...list]) {
        if (!c) continue;
        const r = g.dispatch(c);
        if (r.ok) {
          sent = c;
          if (process.env.PLAN_DEBUG && routed.includes(c)) console.log(`  T${s.seq.round} ${c.mode} ${c.unitId} lead to (${c.moves![0]!.to.map((v) => v.toFixed(1)).join(', ')})`);
          break;
        }
        if (process.env.PLAN_DEBUG && routed.includes(c)) console.log(`  refused ${c.mode} ${c.unitId}: ${r.reason}`);
      }
    }
    if (!sent) {
      const view = { scenario: g.scenario, table, legal: () => g.legalCommands() };
      const d = g.pendingDecision();
      const choice = d ? random.choose(g.state as never, view as never, d) : random.choose(g.state as never, view as never);
      let c: Command | undefined;
      while ((c = choice.next())) {
        const r = g.dispatch(g.withSideToAct(c));
        if (r.ok) break;
        choice.refused(c, r);
      }
      if (!c) break;
    }
  }
  const end = [...g.events].reverse().find((e) => e.type === 'GAME_ENDED') as { text?: string } | undefined;
  console.log(`seed ${seed}: ${end?.text ?? 'unfinished'}`);
  // Where the planned units ended: status, standing soldiers, their mean place.
  const fin = (g.state as { table: KState }).table;
  console.log(`  ${[...Object.keys(plan.goals), ...Object.keys(plan.routes ?? {})].map((id) => {
    const u = fin.units[id];
    const live = (u?.figures ?? []).map((f) => fin.figures[f]!).filter((f) => !f.removed && f.condition !== 'dead');
    const mx = live.reduce((a, f) => a + f.at[0], 0) / Math.max(1, live.length);
    const mz = live.reduce((a, f) => a + f.at[1], 0) / Math.max(1, live.length);
    return `${id} ${u?.status ?? 'gone'} ${live.length} at (${mx.toFixed(0)}, ${mz.toFixed(0)})`;
  }).join('; ')}`);
  if (end?.text?.includes(plan.want)) {
    const lines = [
      `# ${scenario.title}: the ${plan.side} side's plan played by hand (scripts/plan-game.ts ${name}), the other side random legal.`,
      `# Play it with: npm run cli -- play ${plan.scenario} --seed ${seed} --commands ${outFile}`,
      `# Result: ${end.text}`,
      ...g.log.map((e) => JSON.stringify(e.command)),
    ];
    writeFileSync(outFile, `${lines.join('\n')}\n`);
    console.log(`written ${outFile} (${g.log.length} commands, seed ${seed})`);
    bf.free();
    process.exit(0);
  }
}
bf.free();
console.error(`no game of seeds 1…${seeds} ended with "${plan.want}"`);
process.exit(1);
