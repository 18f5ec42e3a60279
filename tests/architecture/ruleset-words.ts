// A ruleset's words stay in its folder: its rule ids (K-2.4, K-6.1a, K-AMB-3; C-3.3.1e, C-GAP-1 …)
// and its command words (DRAW_CARD, MOVE …, read from the ruleset's own command types) may appear in
// code and strings only under src/rules/<id>/ — or in another ruleset's folder where that ruleset has
// the same command word of its own (two rulesets may both MOVE); comments may cite them anywhere.
// Used by imports.test.ts, once per registered ruleset.
import { stripSource, type Violation } from './layer-rules';

export const KUULARUISKU_FOLDER = 'src/rules/kuularuisku/';

/** Each registered ruleset's rule-id prefix (K-2.4: K); a ruleset registered without one fails the architecture test. */
export const RULE_ID_PREFIXES: Readonly<Record<string, string>> = { kuularuisku: 'K', cobi: 'C' };

/** A rule id of this prefix: P-<section>[letter] (K-2.4, K-6.1a, K-7.3-T2, C-3.3.3.1a) or P-<group>-<n> (K-AMB-3, C-GAP-1). */
const ruleIdPattern = (prefix: string) => new RegExp(`(?<![\\w$.-])${prefix}-(?:[A-Z]+-\\d+|\\d+(?:\\.\\d+)*[a-z]?(?:-T\\d+)?)(?![\\w$])`, 'g');

/** One ruleset's words as the check reads them. */
export interface RulesetWords {
  readonly name: string;
  /** Its folder, 'src/rules/<id>/'. */
  readonly folder: string;
  readonly prefix: string;
  readonly commandWords: ReadonlySet<string>;
}

const UPPER_WORD = /(?<![\w$])[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*(?![\w$])/g;

/** The text of each `type …Command… = …;` declaration (to its first `;` outside brackets). */
function commandTypeBodies(code: string): string[] {
  const bodies: string[] = [];
  for (const m of code.matchAll(/\btype\s+\w*Command\w*\s*(?:<[^=]*>)?\s*=/g)) {
    let depth = 0;
    let i = m.index + m[0].length;
    for (; i < code.length; i++) {
      const c = code[i]!;
      if (c === '{' || c === '(' || c === '[' || c === '<') depth++;
      else if (c === '}' || c === ')' || c === ']' || c === '>') depth--;
      else if (c === ';' && depth <= 0) break;
    }
    bodies.push(code.slice(m.index, i));
  }
  return bodies;
}

/**
 * A ruleset's command words, read from the sources in its folder: the `type: 'WORD'` members of its
 * …Command… type unions, and the words listed in its …ACTION_TYPES / …COMMAND_TYPES constants.
 */
export function rulesetCommandWords(sources: ReadonlyMap<string, string>, folder: string): Set<string> {
  const words = new Set<string>();
  for (const [file, text] of sources) {
    if (!file.startsWith(folder)) continue;
    const code = stripSource(text);
    for (const body of commandTypeBodies(code)) {
      for (const m of body.matchAll(/\btype\s*:\s*(['"])([A-Z][A-Z0-9_]*)\1/g)) words.add(m[2]!);
    }
    for (const m of code.matchAll(/\b\w*(?:ACTION|COMMAND)_TYPES\b[^=\n]*=\s*(?:new Set\(\s*)?\[([^\]]*)\]/g)) {
      for (const w of m[1]!.matchAll(/(['"])([A-Z][A-Z0-9_]*)\1/g)) words.add(w[2]!);
    }
  }
  return words;
}

/** Kuularuisku's command words. */
export const kuularuiskuCommandWords = (sources: ReadonlyMap<string, string>) => rulesetCommandWords(sources, KUULARUISKU_FOLDER);

/** Each ruleset's words, read from the sources (ids: the registered rulesets). */
export function rulesetWords(ids: readonly string[], sources: ReadonlyMap<string, string>, names: Readonly<Record<string, string>> = {}): RulesetWords[] {
  return ids.map((id) => {
    const prefix = RULE_ID_PREFIXES[id];
    if (!prefix) throw new Error(`ruleset "${id}" has no rule-id prefix in RULE_ID_PREFIXES (tests/architecture/ruleset-words.ts)`);
    const folder = `src/rules/${id}/`;
    return { name: names[id] ?? id, folder, prefix, commandWords: rulesetCommandWords(sources, folder) };
  });
}

const lineAt = (src: string, offset: number) => src.slice(0, offset).split('\n').length;

/**
 * One ruleset's rule ids and command words in one file's code and strings (comments blanked), once
 * per file and word; nothing for files inside the ruleset's folder. `others`: the other rulesets, so
 * that a command word one of them has too passes in its own folder.
 */
export function checkWordsOf(fileRel: string, source: string, ruleset: RulesetWords, others: readonly RulesetWords[] = []): Violation[] {
  if (fileRel.startsWith(ruleset.folder)) return [];
  const home = others.find((o) => fileRel.startsWith(o.folder));
  const code = stripSource(source);
  const out: Violation[] = [];
  const seen = new Set<string>();
  const flag = (word: string, offset: number, what: string) => {
    if (seen.has(word)) return;
    seen.add(word);
    out.push({ file: fileRel, line: lineAt(code, offset), message: `${ruleset.name} ${what} "${word}" outside ${ruleset.folder}` });
  };
  for (const m of code.matchAll(ruleIdPattern(ruleset.prefix))) flag(m[0], m.index, 'rule id');
  for (const m of code.matchAll(UPPER_WORD)) if (ruleset.commandWords.has(m[0]) && !home?.commandWords.has(m[0])) flag(m[0], m.index, 'command word');
  return out;
}

/** Kuularuisku rule ids and command words in one file (checkWordsOf for Kuularuisku alone). */
export function checkRulesetWords(fileRel: string, source: string, commandWords: ReadonlySet<string>): Violation[] {
  return checkWordsOf(fileRel, source, { name: 'Kuularuisku', folder: KUULARUISKU_FOLDER, prefix: 'K', commandWords });
}
