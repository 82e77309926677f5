/** What a work folder's name tells: `RJ123456 [Circle] Title`, `[Circle] Title (RJ123456)` and the like. */
export interface FolderNameInfo {
  title: string | null;
  circle: string | null;
}

const CODE = /(?<![a-z0-9])rj(?:\d{8}|\d{6})(?!\d)/i;
const PAIRS: Record<string, string> = { '(': ')', '[': ']', '（': '）', '【': '】', '「': '」' };
/** A leading bracketed group is the circle, as DLsite and the downloaders write it. */
const LEADING_CIRCLE = /^(?:\[([^\]]+)\]|【([^】]+)】)/;
const EDGE_SEPARATORS = /^[\s\-_–—~～:：|/・,、.]+|[\s\-_–—~～:：|/・,、]+$/g;

/** Removes the RJ code, with the brackets around it when it stands alone inside a pair. */
function withoutCode(name: string): string {
  const match = CODE.exec(name);
  if (!match) return name;
  let start = match.index;
  let end = start + match[0].length;
  const before = name.slice(0, start).trimEnd();
  const after = name.slice(end).trimStart();
  const open = before.at(-1);
  if (open && PAIRS[open] && after.startsWith(PAIRS[open])) {
    start = before.length - 1;
    end = name.length - after.length + 1;
  }
  return `${name.slice(0, start)} ${name.slice(end)}`;
}

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').replace(EDGE_SEPARATORS, '').trim();
}

export function parseFolderName(name: string): FolderNameInfo {
  let rest = clean(withoutCode(name));
  let circle: string | null = null;
  const leading = LEADING_CIRCLE.exec(rest);
  if (leading) {
    circle = clean(leading[1] ?? leading[2] ?? '') || null;
    rest = clean(rest.slice(leading[0].length));
  }
  return { title: rest || null, circle };
}
