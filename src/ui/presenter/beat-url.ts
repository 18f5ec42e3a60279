// The presenter's beat in a query string: `beat` is 1-based; other parameters are kept in order.

/** The 1-based beat a query string asks for, or null. */
export function beatFromSearch(search: string): number | null {
  const raw = new URLSearchParams(search).get('beat');
  if (raw === null || !/^\d+$/.test(raw.trim())) return null;
  const n = Number(raw);
  return n >= 1 ? n : null;
}

/** The query string with `beat` set (1-based) or removed, other parameters kept in order. */
export function searchWithBeat(search: string, beat: number | null): string {
  const params = new URLSearchParams(search);
  if (beat === null) params.delete('beat');
  else params.set('beat', String(beat));
  const s = params.toString().replace(/%2F/g, '/');
  return s ? `?${s}` : '';
}
