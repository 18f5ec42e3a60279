// Writes a hand-planned game of a 1918 scenario as a `cli play --commands` file: one side follows a
// plan (each listed unit heads for its goal point, shoots when it is there or cannot get nearer; the
// other units shoot or stand), the other side is the random legal player. Games are tried seed after
// seed until one ends with the wanted result text; its commands, each with its side, are written to
// scenarios/kuularuisku/plans/<plan>.jsonl (the seed in its header).
// Usage: npx tsx scripts/plan-game.ts <plan name> [--seeds N]
import { readFileSync, writeFileSync } from 'node:fs';
import { createBattlefield } from '../src/battlefield';
import { cachedTable } from '../src/flow';
import { GameSession, type Command, type GameOptions } from '../src/game';
import { RULESET_MODULES } from '../src/rules';
import { candidateCommands } from '../src/rules/kuularuisku/player';
import type { KState } from '../src/rules/kuularuisku/engine';
import { parseScenarioOrThrow } from '../src/scenario';

const { ruleset, player } = RULESET_MODULES.kuularuisku;

interface Plan { scenario: string; side: string; goals: Record<string, [number, number]>; want: string; options?: GameOptions }
type Cmd = Command & { side?: string; unitId?: string; mode?: string; moves?: Array<{ figureId: string; to: [number, number] }>; targetId?: string };

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

/** The planned side's choice among the candidates: nearer the goal by a move, else a shot, else the first (end the activation, next card …). */
function planned(s: KState, list: Cmd[]): Cmd | undefined {
  let best: Cmd | undefined;
  let bestGain = 0.5;
  for (const c of list) {
    if (c.type !== 'MOVE' || !c.unitId || c.mode === 'charge') continue;
    const goal = plan.goals[c.unitId];
    if (!goal) continue;
    const gain = distanceAfter(s, { ...c, moves: [] }, goal) - distanceAfter(s, c, goal);
    if (gain > bestGain) { best = c; bestGain = gain; }
  }
  return best ?? list.find((c) => c.type === 'SHOOT') ?? list.find((c) => c.type !== 'MOVE' && c.type !== 'SHOOT');
}

for (let seed = 1; seed <= seeds; seed++) {
  const table = cachedTable(bf);
  const g = new GameSession({ ruleset, scenario, table, seed, ...(plan.options ? { options: plan.options } : {}) });
  const random = player({ seed: seed * 7919 + 1 });
  let n = 0;
  while (!g.victory() && n++ < 20_000) {
    const s = g.state as KState;
    const toAct = g.withSideToAct({ type: 'DRAW_CARD' } as Command) as Cmd;
    let sent: Cmd | undefined;
    if (toAct.side === plan.side && !g.pendingDecision()) {
      const list = (candidateCommands(s, { scenario: g.scenario, table }) as Cmd[]).map((c) => g.withSideToAct(c) as Cmd);
      for (const c of [planned(s, list), ...list]) {
        if (c && g.dispatch(c).ok) { sent = c; break; }
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
  const fin = g.state as KState;
  console.log(`  ${Object.keys(plan.goals).map((id) => {
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
