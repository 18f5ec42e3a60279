// npm run bench:sight-memory — the memory a table's Rapier world takes, on each shipped table,
// each in a fresh process: Rapier's WASM memory (it grows in 64 KiB pages and never shrinks) after
// loading Rapier and the app's warm-up, after building the table (no world yet), after building its
// world, after freeing it and building it again (the freed memory is reused); and the world's build
// (CPU). For scale, bench:sight-app gives the page's JS heap. No pass/fail.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

const TABLES = ['scenarios/sandbox/training-ground.json', 'scenarios/sandbox/armour-yard.json', 'scenarios/kuularuisku/kalevankangas.json', 'scenarios/kuularuisku/tammerkoski.json'];

interface Row { table: string; solids: number; rapierMb: number; tableMb: number; worldMb: number; againMb: number; worldCpuMs: number }

const MB = 2 ** 20;

/** One table in this process (a fresh one): Rapier's memory is found by catching its instance as it loads. */
async function measure(file: string): Promise<Row> {
  let memory: WebAssembly.Memory | undefined;
  const instantiate = WebAssembly.instantiate.bind(WebAssembly) as (...a: unknown[]) => Promise<unknown>;
  (WebAssembly as { instantiate: unknown }).instantiate = async (...args: unknown[]) => {
    const r = (await instantiate(...args)) as { instance?: WebAssembly.Instance } & WebAssembly.Instance;
    const exports = (r.instance ?? r).exports;
    if ('rawbroadphase_new' in exports) memory = exports.memory as WebAssembly.Memory;
    return r;
  };
  const { createBattlefield, initRapier, warmRapier } = await import('../src/battlefield');
  const { parseScenarioOrThrow } = await import('../src/scenario');
  await initRapier();
  warmRapier();
  if (!memory) throw new Error("Rapier's WASM memory was not caught (no instance exporting rawbroadphase_new)");
  const caught = memory;
  const wasm = () => caught.buffer.byteLength / MB;
  const rapierMb = wasm();
  const scenario = parseScenarioOrThrow(readFileSync(file, 'utf8'), file);
  const bf = await createBattlefield(scenario);
  const tableMb = wasm();
  const cpu = process.cpuUsage();
  bf.prepareWorld();
  const used = process.cpuUsage(cpu);
  const worldMb = wasm();
  bf.free();
  const again = await createBattlefield(scenario);
  again.prepareWorld();
  const againMb = wasm();
  again.free();
  return { table: file, solids: bf.solids.length, rapierMb, tableMb, worldMb, againMb, worldCpuMs: (used.user + used.system) / 1000 };
}

async function main(): Promise<void> {
  const one = process.argv.indexOf('--table');
  if (one >= 0) {
    process.stdout.write(JSON.stringify(await measure(process.argv[one + 1]!)));
    return;
  }
  const rows: Row[] = TABLES.map((table) => JSON.parse(execFileSync(process.execPath, [...process.execArgv, process.argv[1]!, '--table', table], { encoding: 'utf8' })) as Row);
  console.log(`A table's Rapier world in memory, each table in a fresh process (load ${loadavg()[0]!.toFixed(1)}):`);
  console.log('  table                                         solids  WASM: Rapier + warm-up  + table  + world  (growth)  built again  world build CPU');
  const f = (v: number) => `${v.toFixed(1)} MB`;
  for (const r of rows) {
    console.log(`  ${r.table.padEnd(42)} ${String(r.solids).padStart(9)} ${f(r.rapierMb).padStart(23)} ${f(r.tableMb).padStart(8)} ${f(r.worldMb).padStart(8)} ${`+${f(r.worldMb - r.tableMb)}`.padStart(9)} ${f(r.againMb).padStart(12)} ${`${r.worldCpuMs.toFixed(0)} ms`.padStart(16)}`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
