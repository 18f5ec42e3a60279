// What every CLI verb shares: the output streams, the usage error (exit 2) and reading a scenario file
// (its ruleset checked against the registry) with its first problem as a one-line error; its own module, so the verbs' files need not import each other.
import { readFileSync } from 'node:fs';
import { rulesetIdIssue } from '../rules';
import { parseScenario, formatIssue, type Scenario } from '../scenario';

export class UsageError extends Error {}

export interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
  /** All of standard input (batch `los`); absent where there is none to read. */
  input?: () => Promise<string>;
}

/** The process's standard input, read to its end; a terminal gives no batch (it would wait for typing). */
export async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) throw new UsageError('los: expected --from POINT --to POINT, or sight lines as JSON lines piped in or in --lines FILE (stdin is a terminal)');
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(typeof c === 'string' ? Buffer.from(c) : (c as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

export function loadScenarioFile(file: string): Scenario {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new UsageError(`cannot read scenario file ${file}`);
  }
  const r = parseScenarioWithRuleset(text, file);
  if (!r.ok) throw new UsageError(`${formatIssue(r.issues[0]!)}${r.issues.length > 1 ? ` (and ${r.issues.length - 1} more problems; run validate)` : ''}`);
  return r.scenario;
}

/** A scenario file parsed and validated, its `ruleset` checked against the registry (the scenario layer knows no rulesets). */
export function parseScenarioWithRuleset(text: string, file: string): ReturnType<typeof parseScenario> {
  const r = parseScenario(text, file);
  if (!r.ok) return r;
  const issue = rulesetIdIssue(r.scenario.ruleset);
  return issue ? { ok: false, issues: [{ file, ...issue }] } : r;
}
