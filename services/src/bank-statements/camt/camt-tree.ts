/*
 * Reading the parsed XML tree of a statement (fast-xml-parser's plain objects: an element is a string, or an object of
 * its children, `#text` and `@attributes`; repeated elements are arrays). Typed as `unknown` and narrowed here only.
 */

export type Node = unknown;

const isObject = (node: Node): node is Record<string, unknown> =>
  typeof node === 'object' && node !== null && !Array.isArray(node);

/** The first child `name` of `node` (through a path `A/B/C`), or undefined. */
export function at(node: Node, path: string): Node {
  let current: Node = node;
  for (const name of path.split('/')) {
    const first: Node = Array.isArray(current) ? current[0] : current;
    if (!isObject(first)) return undefined;
    current = first[name];
  }
  return Array.isArray(current) ? current[0] : current;
}

/** Every child `name` of `node` (through a path; each step may repeat), in the file's order. */
export function all(node: Node, path: string): Node[] {
  let current: Node[] = [node];
  for (const name of path.split('/')) {
    const next: Node[] = [];
    for (const n of current) {
      if (!isObject(n)) continue;
      const child = n[name];
      // One by one: a spread of a child list past about 125,000 elements throws (a hostile file may hold that many).
      if (Array.isArray(child)) for (const c of child as Node[]) next.push(c);
      else if (child !== undefined) next.push(child);
    }
    current = next;
  }
  return current;
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * XML's own references in a text: the five predefined entities and character references. Nothing else is an entity
 * here: a file declaring any (`<!DOCTYPE`, `<!ENTITY`) is refused before parsing, and the parser expands none.
 */
export function decodeReferences(text: string): string {
  return text.replace(
    /&(?:#x([0-9a-fA-F]{1,6})|#(\d{1,7})|(amp|lt|gt|quot|apos));/g,
    (whole, hex: string | undefined, dec: string | undefined, name: string | undefined) => {
      if (name !== undefined) return ENTITIES[name] ?? whole;
      const code = hex !== undefined ? parseInt(hex, 16) : Number(dec);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '';
    },
  );
}

/** The text of an element (or of its `#text`), references decoded, controls removed, blanks folded; null when empty. */
export function text(node: Node, path?: string): string | null {
  const n = path === undefined ? node : at(node, path);
  const raw = typeof n === 'string' ? n : isObject(n) && typeof n['#text'] === 'string' ? n['#text'] : null;
  if (raw === null) return null;
  const clean = decodeReferences(raw)
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return clean === '' ? null : clean;
}

/** An attribute of an element (`@name`), or null. */
export function attribute(node: Node, name: string): string | null {
  return isObject(node) && typeof node[`@${name}`] === 'string' ? (node[`@${name}`] as string) : null;
}

/** A text cut to `max` characters (code points stay whole). */
export function cut(value: string | null, max: number): string | null {
  if (value === null) return null;
  const chars = Array.from(value);
  return chars.length <= max ? value : chars.slice(0, max).join('').trimEnd();
}
