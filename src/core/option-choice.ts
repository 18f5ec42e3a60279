// One thing the players may choose when a game starts (an optional scenario rule, a reading of an
// ambiguous rule, a house value). A plain type here so the game layer and the rulesets share one
// definition (rules may not import game).
export interface OptionChoice {
  kind: 'rule' | 'reading' | 'house';
  /** The special rule id (rule, reading) or the house setting key (house). */
  id: string;
  title: string;
  text: string;
  /** The value without a choice: on/off for a rule, an option name for a reading or a house setting. */
  default: boolean | string;
  /** The values to choose from: `name` is the key saves keep, `label` the words players read (optionInWords). */
  options?: Array<{ name: string; label?: string; text?: string }>;
  /** A house value (Sandtable's reading or number, not the book's): marked "house" where shown. */
  house: boolean;
  /** A choice of the scenario's designer ([design] in the rule's text), not a historical record: shown with a mark. */
  design?: boolean;
  /** The rule id it cites. */
  rule?: string;
}
