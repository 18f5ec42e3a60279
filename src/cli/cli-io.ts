// What every CLI verb shares: the output streams, the usage error (exit 2) and reading a scenario file
// with its first problem as a one-line error; its own module, so the verbs' files need not import each other.
import { readFileSync } from 'node:fs';
import { parseScenario, formatIssue, type Scenario } from '../scenario';

export class UsageError extends Error {}

export interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
}

export function loadScenarioFile(file: string): Scenario {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new UsageError(`cannot read scenario file ${file}`);
  }
  const r = parseScenario(text, file);
  if (!r.ok) throw new UsageError(`${formatIssue(r.issues[0]!)}${r.issues.length > 1 ? ` (and ${r.issues.length - 1} more problems; run validate)` : ''}`);
  return r.scenario;
}
