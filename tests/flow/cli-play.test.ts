// `cli play` in-process: random legal play to the end with a save, the save replayed and verified,
// a tampered save refused, a commands file (JSON lines, each command with its side) with a refused
// command, a command of the side that may not act, a line without a side, JSON output.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/commands';
import { parseCommandLines } from '../../src/cli/play';
import { loadScenarioFile } from '../../src/cli/commands';
import { createBattlefield } from '../../src/battlefield';
import { cachedTable, playableModule } from '../../src/flow';
import { GameSession } from '../../src/game';
import { kuularuiskuModule } from '../../src/rules/kuularuisku';

// Kuularuisku as it is played: its rules and the cards machine composed.
const { ruleset: kuularuiskuRuleset } = playableModule(kuularuiskuModule);

const TG = 'scenarios/sandbox/training-ground.json';
const dir = mkdtempSync(join(tmpdir(), 'sandtable-play-'));

async function cli(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (s) => { out += s; }, err: (s) => { err += s; } });
  return { code, out, err };
}

describe('cli play', () => {
  it('plays random legal commands to the end, prints the log with rule ids, writes a save that replays to the same hash', async () => {
    const save = join(dir, 'game.json');
    const r = await cli('play', TG, '--seed', '4', '--random-legal', '--save', save);
    expect(r.code).toBe(0);
    const lines = r.out.trim().split('\n');
    expect(lines[0]).toBe(`Training Ground — kuularuisku ${kuularuiskuRuleset.version}, seed 4`);
    const log = lines.filter((l) => /^T\d+ /.test(l));
    expect(log.length).toBeGreaterThan(100);
    expect(log.every((l) => /^T\d+ K-[\w.-]+ +\S/.test(l))).toBe(true);
    expect(r.out).toMatch(/\nResult: .+ \(K-GAP-1\)\n/);
    const hash = /state hash ([0-9a-f]{20,})/.exec(r.out)![1];

    const back = await cli('play', TG, '--load', save);
    expect(back.code).toBe(0);
    expect(back.out).toMatch(/replayed from .*game\.json \(\d+ commands, state hash verified\)/);
    expect(/state hash ([0-9a-f]{20,})/.exec(back.out)![1]).toBe(hash);

    // A tampered log no longer replays to the saved state.
    const data = JSON.parse(readFileSync(save, 'utf8'));
    data.commands = data.commands.slice(0, -5);
    writeFileSync(join(dir, 'short.json'), JSON.stringify(data));
    const bad = await cli('play', TG, '--load', join(dir, 'short.json'));
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/\$\.stateHash: the replayed game differs/);
  });

  it('plays a commands file and stops at the first refused command with its reason and rule', async () => {
    const file = join(dir, 'moves.jsonl');
    writeFileSync(file, ['# a turn begins', '{"type":"BEGIN_TURN","side":"red"}', '', '{"type":"DRAW_CARD","side":"blue"}', '{"type":"END_TURN","side":"red"}'].join('\n'));
    const r = await cli('play', TG, '--seed', '1', '--commands', file);
    expect(r.code).toBe(1);
    // The turn cannot end while the unit whose card was drawn has not used it: the refusal says what is awaited.
    expect(r.err).toMatch(/moves\.jsonl:5: command 3 \(END_TURN\) refused — not now: .* has to decide how to use its activation \(K-2\.1b\)/);
    expect(() => parseCommandLines('{"type":1}', 'x.jsonl')).toThrow(/x\.jsonl:1: a command is an object with a "type"/);
  });

  it('a commands file with sides plays; a command from the side that may not act is refused naming the sides (K-2.1b)', async () => {
    // Which unit's card comes first (seed 1): the same game played here.
    const scenario = loadScenarioFile(TG);
    const bf = await createBattlefield(scenario);
    const g = new GameSession({ ruleset: kuularuiskuRuleset as never, scenario, table: cachedTable(bf), seed: 1 });
    for (const c of g.legalCommands()) g.dispatch(c); // BEGIN_TURN
    g.dispatch(g.legalCommands()[0]!); // DRAW_CARD
    const pass = g.legalCommands().find((c) => c.type === 'PASS')!;
    bf.free();
    const owner = scenario.sides.find((x) => x.id === pass.side)!;
    const other = scenario.sides.find((x) => x.id !== pass.side)!;
    const lines = ['{"type":"BEGIN_TURN","side":"red"}', '{"type":"DRAW_CARD","side":"blue"}'];
    const file = join(dir, 'sides.jsonl');
    writeFileSync(file, [...lines, JSON.stringify(pass)].join('\n'));
    const ok = await cli('play', TG, '--seed', '1', '--commands', file, '--json');
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.out).commands).toBe(3);
    writeFileSync(file, [...lines, JSON.stringify({ ...pass, side: other.id })].join('\n'));
    const wrong = await cli('play', TG, '--seed', '1', '--commands', file);
    expect(wrong.code).toBe(1);
    expect(wrong.err).toContain(`sides.jsonl:3: command 3 (PASS) refused — ${other.name} may not act now: the game waits for ${owner.name} (the action of their unit whose card was drawn) (K-2.1b)`);
  });

  it('a command line without its side is refused, naming the file, the line and the sides', async () => {
    const file = join(dir, 'no-side.jsonl');
    writeFileSync(file, ['{"type":"BEGIN_TURN","side":"red"}', '{"type":"DRAW_CARD"}'].join('\n'));
    const r = await cli('play', TG, '--seed', '1', '--commands', file);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/no-side\.jsonl:2: DRAW_CARD has no "side": every command names the side that sends it: "red" \(Red\) or "blue" \(Blue\)/);
  });

  it('--json prints the result, the state hash, the events and the final state', async () => {
    const r = await cli('play', TG, '--seed', '9', '--random-legal', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j).toMatchObject({ scenario: 'training-ground', ruleset: 'kuularuisku', seed: 9 });
    expect(j.result).toMatchObject({ rule: 'K-GAP-1' });
    expect(j.events.length).toBeGreaterThan(100);
    expect(j.state.table.tableFlow.result).toBeDefined();
  });

  it('refuses an unknown ruleset and a scenario its ruleset rejects', async () => {
    expect((await cli('play', TG, '--ruleset', 'nope')).err).toMatch(/--ruleset: no ruleset "nope"/);
    const sc = JSON.parse(readFileSync(TG, 'utf8'));
    sc.victory = [{ side: 'red', text: 'x', data: { kind: 'hold', objectives: ['nowhere'] } }];
    const file = join(dir, 'bad-victory.json');
    writeFileSync(file, JSON.stringify(sc));
    const r = await cli('play', file, '--random-legal');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/victory\.0\.data\.objectives\.0: K-GAP-1: unknown objective "nowhere"/);
  });
});
