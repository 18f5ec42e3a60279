// Kuularuisku's words stay in its folder: its rule ids (K-2.4, K-6.1a, K-AMB-3, K-GAP-1 …) and its
// command words (DRAW_CARD, MOVE …, read from the ruleset's own command types) may appear in code and
// strings only under src/rules/kuularuisku; comments may cite them anywhere. Used by imports.test.ts.
import { stripSource, type Violation } from './layer-rules';

export const KUULARUISKU_FOLDER = 'src/rules/kuularuisku/';

/** A Kuularuisku rule id: K-<section>[letter] (K-2.4, K-6.1a, K-7.3-T2) or K-<group>-<n> (K-AMB-3, K-GAP-1, K-SKL-4). */
const RULE_ID = /(?<![\w$.-])K-(?:[A-Z]+-\d+|\d+(?:\.\d+)*[a-z]?(?:-T\d+)?)(?![\w$])/g;
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
 * The ruleset's command words, read from its sources: the `type: 'WORD'` members of its …Command…
 * type unions, and the words listed in its …ACTION_TYPES / …COMMAND_TYPES constants.
 */
export function kuularuiskuCommandWords(sources: ReadonlyMap<string, string>): Set<string> {
  const words = new Set<string>();
  for (const [file, text] of sources) {
    if (!file.startsWith(KUULARUISKU_FOLDER)) continue;
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

const lineAt = (src: string, offset: number) => src.slice(0, offset).split('\n').length;

/**
 * Kuularuisku rule ids and command words in one file's code and strings (comments blanked), once per
 * file and word; nothing for files inside the ruleset's folder.
 */
export function checkRulesetWords(fileRel: string, source: string, commandWords: ReadonlySet<string>): Violation[] {
  if (fileRel.startsWith(KUULARUISKU_FOLDER)) return [];
  const code = stripSource(source);
  const out: Violation[] = [];
  const seen = new Set<string>();
  const flag = (word: string, offset: number, what: string) => {
    if (seen.has(word)) return;
    seen.add(word);
    out.push({ file: fileRel, line: lineAt(code, offset), message: `${what} "${word}" outside ${KUULARUISKU_FOLDER}` });
  };
  for (const m of code.matchAll(RULE_ID)) flag(m[0], m.index, 'Kuularuisku rule id');
  for (const m of code.matchAll(UPPER_WORD)) if (commandWords.has(m[0])) flag(m[0], m.index, 'Kuularuisku command word');
  return out;
}
