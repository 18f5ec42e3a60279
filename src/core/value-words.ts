// Option and setting values as players read them: a value's own label where its data gives one, else a
// readable form of the name or value (never an id like "2-3-serious" or a JSON object).

/** A name written as an id in words: "2-3-serious" → "2–3 serious", "fixed-10" → "Fixed 10". Rule ids (K-5.4a) stay. */
export function nameInWords(name: string): string {
  if (/^K-/.test(name)) return name;
  const words = name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/(\d)-(?=\d)/g, '$1–')
    .replace(/[-_]+/g, ' ')
    .toLowerCase()
    .replace(/\bmg\b/g, 'MG')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Any setting value in words: yes/no, numbers as they are, names in words, lists and records item by item. */
export function valueInWords(v: unknown): string {
  if (v === null || v === undefined) return 'none';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return nameInWords(v);
  if (Array.isArray(v)) return v.map(valueInWords).join(', ');
  if (typeof v === 'object') {
    return Object.entries(v as Record<string, unknown>).map(([k, x]) => `${/^K-/.test(k) ? k : nameInWords(k).toLowerCase().replace(/\bmg\b/g, 'MG')}: ${valueInWords(x)}`).join(', ');
  }
  return String(v);
}

/** An option as players read it: its label, else its name in words. */
export function optionInWords(o: { name: string; label?: string | undefined }): string {
  return o.label ?? nameInWords(o.name);
}
