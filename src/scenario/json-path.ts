// JSON paths as people read them: $.features[3].floors[1].elevation

export function jsonPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '$';
  for (const k of path) {
    if (typeof k === 'number') out += `[${k}]`;
    else if (typeof k === 'string' && /^[A-Za-z_$][\w$]*$/.test(k)) out += `.${k}`;
    else out += `[${JSON.stringify(String(k))}]`;
  }
  return out;
}
