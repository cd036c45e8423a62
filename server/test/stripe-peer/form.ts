/**
 * Stripe's form encoding: `application/x-www-form-urlencoded` pairs whose keys nest with
 * brackets (`line_items[0][price]=price_x`, `metadata[user_id]=u1`, `expand[]=customer`). Numeric
 * (or empty) brackets make arrays; everything else makes objects. Values stay strings, as Stripe
 * receives them.
 */
export type FormValue = string | FormValue[] | Form;
export interface Form {
  [key: string]: FormValue;
}

interface Node {
  [key: string]: Node | string;
}

function splitKey(key: string): string[] | undefined {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match?.[1]) return undefined;
  const rest = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1] ?? '');
  return [match[1], ...rest];
}

function insert(root: Node, path: string[], value: string) {
  let node = root;
  for (const [i, raw] of path.entries()) {
    const segment = raw === '' ? String(Object.keys(node).length) : raw;
    if (i === path.length - 1) {
      node[segment] = value;
      return;
    }
    const next = node[segment];
    if (typeof next === 'object') node = next;
    else node = node[segment] = {};
  }
}

/** Objects whose keys are all indices become arrays (in index order). */
function settle(node: Node | string): FormValue {
  if (typeof node === 'string') return node;
  const keys = Object.keys(node);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((index) => settle(node[String(index)] as Node | string));
  }
  return Object.fromEntries(keys.map((key) => [key, settle(node[key] as Node | string)]));
}

export function parseForm(text: string): Form {
  const root: Node = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = splitKey(key);
    if (path) insert(root, path, value);
  }
  return settle(root) as Form;
}

/** A string field of a parsed form, or undefined when absent or not a string. */
export function field(form: Form | FormValue | undefined, ...path: string[]): string | undefined {
  let value: FormValue | undefined = form;
  for (const key of path) {
    if (value === undefined || typeof value === 'string') return undefined;
    value = Array.isArray(value) ? value[Number(key)] : value[key];
  }
  return typeof value === 'string' ? value : undefined;
}

/** A flat string map (Stripe's `metadata`) from a form field; `{}` when absent. */
export function stringMap(value: FormValue | undefined): Record<string, string> {
  if (value === undefined || typeof value === 'string' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}
