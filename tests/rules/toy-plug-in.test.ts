// A ruleset plugs in by its own folder plus its registration: each toy ruleset of tests/toys/rules/<id>/
// is planted in a copy of src/ (its folder at src/rules/<id>/, its import and map entry in the
// registry), the two trees are listed to show nothing else differs, and the copy's `cli play
// --random-legal` plays the toy's scenario to its end.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playableModule } from '../../src/flow';
import type { AnyRulesetModule, GameEvent, VictoryResult } from '../../src/game';
import { toyarmourModule } from '../toys/rules/toyarmour';
import { toylinesModule } from '../toys/rules/toylines';
import { toycardsModule } from '../toys/rules/toycards';

const ROOT = path.resolve(__dirname, '../..');
const TOYS = path.join(ROOT, 'tests/toys');
const REGISTRY = 'src/rules/index.ts';

// Each meets the game layer's module shape once composed (checked at compile time, as the registry's readers do).
const modules: Record<string, AnyRulesetModule> = { toyarmour: playableModule(toyarmourModule), toylines: playableModule(toylinesModule), toycards: playableModule(toycardsModule) };

/** Every file under `dir`, as paths relative to it. */
function listFiles(dir: string, under = ''): string[] {
  return readdirSync(path.join(dir, under)).flatMap((name) => {
    const rel = path.posix.join(under, name);
    return statSync(path.join(dir, rel)).isDirectory() ? listFiles(dir, rel) : [rel];
  });
}

/** The paths whose contents differ between two trees, or that only one holds. */
function changedFiles(a: string, b: string): string[] {
  const fa = new Set(listFiles(a));
  const fb = new Set(listFiles(b));
  return [...new Set([...fa, ...fb])].filter((f) => !fa.has(f) || !fb.has(f) || !readFileSync(path.join(a, f)).equals(readFileSync(path.join(b, f)))).sort();
}

/** Lines of `after` that `before` does not hold (the registry's edit is additions only). */
function addedLines(before: string, after: string): string[] {
  const had = new Set(before.split('\n'));
  return after.split('\n').filter((l) => !had.has(l));
}

/** A copy of the project's src/ with the toy's folder at src/rules/<id>/ and its registration: an import and one map entry. */
function plant(id: string, exportName: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `sandtable-${id}-`));
  cpSync(path.join(ROOT, 'src'), path.join(dir, 'src'), { recursive: true });
  cpSync(path.join(TOYS, 'rules', id), path.join(dir, 'src/rules', id), { recursive: true });
  const registry = path.join(dir, REGISTRY);
  const source = readFileSync(registry, 'utf8');
  const entry = 'export const RULESET_MODULES = {\n';
  if (!source.includes(entry)) throw new Error(`${REGISTRY}: no "${entry.trim()}" to add the entry to`);
  const planted = `import { ${exportName} } from './${id}';\n${source}`.replace(entry, `${entry}  ${id}: ${exportName},\n`);
  writeFileSync(registry, planted);
  // The copy reaches the project's packages (tsx resolves them from the file's folder upwards).
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

interface PlayJson {
  ruleset: string;
  commands: number;
  result: VictoryResult | null;
  events: GameEvent[];
}

const TOY_CASES = [
  { id: 'toyarmour', exportName: 'toyarmourModule', scenario: 'toyarmour.json' },
  { id: 'toylines', exportName: 'toylinesModule', scenario: 'toylines.json' },
  { id: 'toycards', exportName: 'toycardsModule', scenario: 'toycards.json' },
];
const planted = new Map<string, { dir: string; play: Promise<{ stdout: string; stderr: string }> }>();
/** toyarmour's game again as the text log (its lines labelled by the module's turnOf). */
let armourText: Promise<{ stdout: string; stderr: string }>;
/** toyarmour's game of seed 13, in which the tank is hit at an angle twice (TA-7: its owner picks the face). */
let armourAngled: Promise<{ stdout: string; stderr: string }>;

beforeAll(() => {
  // The games start at once: a tsx start is most of the time.
  for (const t of TOY_CASES) {
    const dir = plant(t.id, t.exportName);
    const args = [path.join(dir, 'src/cli/main.ts'), 'play', path.join(TOYS, 'scenarios', t.scenario), '--seed', '1', '--random-legal', '--json'];
    const play = promisify(execFile)(path.join(ROOT, 'node_modules/.bin/tsx'), args, { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
    play.catch(() => undefined);
    planted.set(t.id, { dir, play });
    if (t.id === 'toyarmour') {
      armourText = promisify(execFile)(path.join(ROOT, 'node_modules/.bin/tsx'), args.slice(0, -1), { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
      armourText.catch(() => undefined);
      armourAngled = promisify(execFile)(path.join(ROOT, 'node_modules/.bin/tsx'), args.map((x) => (x === '1' ? '13' : x)), { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
      armourAngled.catch(() => undefined);
    }
  }
});

afterAll(async () => {
  for (const { dir, play } of planted.values()) {
    await play.catch(() => undefined);
    await armourText?.catch(() => undefined);
    await armourAngled?.catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
});

function scenarioUnits(file: string): Array<{ id: string; side: string }> {
  return JSON.parse(readFileSync(path.join(TOYS, 'scenarios', file), 'utf8')).units;
}

async function played(id: string): Promise<PlayJson> {
  const { stdout } = await planted.get(id)!.play;
  return JSON.parse(stdout) as PlayJson;
}

describe('a ruleset added by its own folder and its registry line', () => {
  for (const t of TOY_CASES) {
    it(`${t.id}: the copy of src/ differs from the project's only in src/rules/${t.id}/ and the registry's import and entry`, () => {
      const { dir } = planted.get(t.id)!;
      const toyFiles = listFiles(path.join(TOYS, 'rules', t.id)).map((f) => `rules/${t.id}/${f}`);
      expect(changedFiles(path.join(ROOT, 'src'), path.join(dir, 'src'))).toEqual([...toyFiles, 'rules/index.ts'].sort());
      const added = addedLines(readFileSync(path.join(ROOT, REGISTRY), 'utf8'), readFileSync(path.join(dir, REGISTRY), 'utf8'));
      expect(added).toEqual([`import { ${t.exportName} } from './${t.id}';`, `  ${t.id}: ${t.exportName},`]);
      expect(readFileSync(path.join(dir, REGISTRY), 'utf8').split('\n').length).toBe(readFileSync(path.join(ROOT, REGISTRY), 'utf8').split('\n').length + 2);
      expect(modules[t.id]!.ruleset.id).toBe(t.id);
    });
  }

  it('toyarmour (TA-1, TA-2, TA-8) plays to the end through the copy\'s `cli play --random-legal`: initiative rounds, alternate activations, a result', async () => {
    const game = await played('toyarmour');
    expect(game.ruleset).toBe('toyarmour');
    expect(game.result).toMatchObject({ rule: 'TA-8' });
    expect(game.result!.reason).toMatch(/\d+–\d+/);
    const types = game.events.map((e) => e.type);
    expect(types.filter((x) => x === 'ROUND_STARTED').length).toBeGreaterThanOrEqual(1);
    // TA-1 each round opens with both sides' d6 for initiative.
    const initiative = game.events.filter((e) => e.type === 'DICE_ROLLED' && (e.roll as { rule: string }).rule === 'TA-1');
    expect(initiative.length).toBeGreaterThanOrEqual(2 * types.filter((x) => x === 'ROUND_STARTED').length);
    expect(game.events.filter((e) => e.type === 'DICE_ROLLED').every((e) => (e.roll as { sides: number }).sides === 6)).toBe(true);
    // TA-2 activations alternate: within a round a side acts twice running only once the other has no unit left to act.
    const sideOf = Object.fromEntries(scenarioUnits('toyarmour.json').map((u) => [u.id, u.side]));
    const rounds: string[][] = [];
    for (const e of game.events) {
      if (e.type === 'ROUND_STARTED') rounds.push([]);
      if (e.type === 'UNIT_SELECTED') rounds.at(-1)!.push(sideOf[e.unit as string]!);
    }
    expect(rounds.flat().length).toBeGreaterThan(4);
    for (const sides of rounds) {
      sides.forEach((side, i) => {
        if (i > 0 && side === sides[i - 1]) expect(sides.slice(i).every((x) => x === side)).toBe(true);
      });
    }
    expect(types).toContain('TEMPLATE_FIRED');
    // The log speaks cm.
    expect(game.events.filter((e) => ['UNIT_MOVED', 'UNIT_SHOT', 'TEMPLATE_FIRED'].includes(e.type)).every((e) => / cm\b/.test(e.text ?? ''))).toBe(true);
  });

  it('toyarmour (TA-7): `cli play --random-legal` answers the owner\'s decision inside the attacker\'s activation, whose end follows the answer', async () => {
    const game = JSON.parse((await armourAngled).stdout) as PlayJson;
    expect(game.result).toMatchObject({ rule: 'TA-8' });
    const plain = game.events.filter((e) => e.type !== 'DICE_ROLLED');
    const angled = plain.flatMap((e, i) => (e.type === 'ARMOUR_ANGLED' ? [i] : []));
    expect(angled.length).toBeGreaterThan(0);
    for (const i of angled) {
      // The volley's angled hit, then the owner's pick (the vehicle's side, Reds), then the attacker's activation over.
      const hit = plain.slice(i + 1).find((e) => e.type === 'ARMOUR_HIT' && e.chosenBy)!;
      expect(hit).toMatchObject({ chosenBy: 'red', figure: plain[i]!.figure });
      expect((plain[i]!.faces as string[])).toContain(hit.face);
      const between = plain.slice(i + 1, plain.indexOf(hit));
      expect(between.map((e) => e.type)).not.toContain('UNIT_ACTED');
      expect(plain[plain.indexOf(hit) + 1]).toMatchObject({ type: 'UNIT_ACTED' });
    }
  });

  it('toyarmour (TA-1): `cli play`\'s text log labels each line with the round its module\'s turnOf reads after the command', async () => {
    const { stdout } = await armourText;
    const lines = stdout.split('\n').filter((l) => /^T\d+ /.test(l));
    expect(lines.length).toBeGreaterThan(10);
    const label = (l: string) => Number(/^T(\d+) /.exec(l)![1]);
    // Each round's initiative line (and its dice, rolled by the same command) carries the new round.
    const opened = lines.filter((l) => / win the initiative /.test(l));
    expect(opened.length).toBeGreaterThanOrEqual(2);
    opened.forEach((l, i) => {
      expect(l).toContain(`Round ${i + 1}: `);
      expect(label(l)).toBe(i + 1);
    });
    const firstOpen = lines.indexOf(opened[0]!);
    expect(lines.slice(0, firstOpen).every((l) => l.startsWith('T1 TA-1 '))).toBe(true);
    // Labels never go back, and a round's end is labelled with that round.
    lines.forEach((l, i) => { if (i > 0) expect(label(l)).toBeGreaterThanOrEqual(label(lines[i - 1]!)); });
    for (const l of lines.filter((x) => / Round \d+ ends$/.test(x))) expect(label(l)).toBe(Number(/Round (\d+) ends$/.exec(l)![1]));
  });

  it('toycards (TC-1, TC-2, TC-7) plays to the end through the copy\'s `cli play --random-legal`: a deck each turn, every card drawn once, a result', async () => {
    const game = await played('toycards');
    expect(game.ruleset).toBe('toycards');
    expect(game.result).toMatchObject({ rule: 'TC-7' });
    const turns: string[][] = [];
    for (const e of game.events) {
      if (e.type === 'TURN_OPENED') turns.push([]);
      if (e.type === 'CARD_DRAWN') turns.at(-1)!.push(String(e.card));
    }
    expect(turns.length).toBeGreaterThanOrEqual(1);
    // TC-1 each turn's cards are drawn one at a time, none twice; TC-2 each card offered or spent.
    for (const drawn of turns) expect(new Set(drawn).size).toBe(drawn.length);
    const types = game.events.map((e) => e.type);
    expect(types).toContain('UNIT_ACTIVATED');
    expect(game.events.filter((e) => e.type === 'DICE_ROLLED').every((e) => (e.roll as { sides: number }).sides === 6)).toBe(true);
  });

  it('toylines (TL-1, TL-3, TL-5) plays to the end through the copy\'s `cli play --random-legal`: phases, d20s, distances in inches', async () => {
    const game = await played('toylines');
    expect(game.ruleset).toBe('toylines');
    expect(game.result).toMatchObject({ rule: 'TL-5' });
    const rolls = game.events.filter((e) => e.type === 'DICE_ROLLED');
    expect(rolls.length).toBeGreaterThan(0);
    expect(rolls.every((e) => (e.roll as { sides: number }).sides === 20)).toBe(true);
    expect(game.events.filter((e) => e.type === 'PHASE_ENDED').map((e) => e.phase)).toContain('fire');
    const measured = game.events.filter((e) => e.type === 'LINE_MOVED' || e.type === 'LINE_FIRED');
    expect(measured.length).toBeGreaterThan(0);
    // Every length the log reports is in inches, none in cm.
    expect(measured.every((e) => /\d+\.\d"/.test(e.text ?? '') && !/cm/.test(e.text ?? ''))).toBe(true);
  });
});
