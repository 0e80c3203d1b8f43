/**
 * A guard for Arabic texts that show a Latin value (a medicine "Panadol Extra 500mg", a pharmacy
 * "Nile Pharmacy – Dokki", an NGO) and read backwards.
 *
 * Why (Unicode bidi algorithm, UAX #9): in right-to-left text a European number takes the
 * direction of the last strong letter before it (rule W7), and neutrals (spaces, «·», «:»,
 * brackets, dashes) between two runs of one direction take that direction (N1). So in
 * 'صاحب الطلب: {{name}} · 6 وحدات' with the name "Nile NGO" the figure 6 and the « · » join the
 * name's left-to-right run: the line shows 'وحدات Nile NGO · 6 :صاحب الطلب', the 6 far from its
 * «وحدات». Two Latin values with only neutrals between ('{{medicine}} · {{owner}}') likewise make
 * one left-to-right run, laid out left to right: read from the right, the second comes first.
 * A figure BEFORE a name is harmless (W7 looks back only: the 6 of '6 · Panadol' stays a number
 * in the Arabic order), and so is a text that ends on a name or a line (what a component puts
 * after it is checked there; a new line starts a new paragraph).
 *
 * The cure is an isolate around the value (FSI … PDI, \u2068…\u2069, or <bdi> in a component):
 * outside it, the isolate counts as one neutral, so nothing joins its run.
 *
 * The rule, for a placeholder that can carry a Latin value, outside any isolate: going forward
 * to the next strong Arabic letter (or the end), flag it when we meet a digit, a Latin letter or
 * another placeholder that can start with a digit or a Latin letter (isolates met on the way are
 * skipped whole, as the algorithm sees them: one neutral); going back to the previous Arabic
 * letter (or the start), flag it when we meet a Latin letter written in the text.
 */

/** How a placeholder's value starts in Arabic text. */
export type PlaceholderKind =
  /** A name, a medicine, an address, free text: may be Latin letters. */
  | 'latin'
  /** Written in Arabic (a role, a status, a translated label): a strong Arabic letter. */
  | 'arabic'
  /** A count, a date, a code, or not known: may start with a digit or a Latin letter. */
  | 'other'
  /** Already isolated by the code that fills it in (leftToRight(…)). */
  | 'isolated';

export interface BidiFinding {
  where: string;
  placeholder: string;
  text: string;
  why: string;
}

interface Token {
  type: 'arabic' | 'latin' | 'digit' | 'neutral' | 'open' | 'close' | 'placeholder' | 'paragraph';
  name?: string;
}

const placeholderPattern =
  /\{\{\s*([^},\s]+)[^}]*\}\}|\{([A-Za-z][\w.]*(?::\w+)?)(?:\|[^}]*)?\}|\$\{((?:[^{}]|\{[^{}]*\})*)\}/y;

function tokens(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    placeholderPattern.lastIndex = i;
    const match = placeholderPattern.exec(text);
    if (match) {
      out.push({ type: 'placeholder', name: (match[1] ?? match[2] ?? match[3] ?? '').trim() });
      i = placeholderPattern.lastIndex;
      continue;
    }
    const char = String.fromCodePoint(text.codePointAt(i) ?? 0);
    i += char.length;
    out.push({ type: charType(char) });
  }
  return out;
}

function charType(char: string): Token['type'] {
  if (char === '\u2066' || char === '\u2067' || char === '\u2068') return 'open';
  if (char === '\u2069') return 'close';
  // A new line ends the paragraph (a plain-text e-mail's): the algorithm runs on each alone.
  if (char === '\n' || char === '\u2029') return 'paragraph';
  if (char === '\u200f') return 'arabic';
  if (char === '\u200e') return 'latin';
  if (/[0-9]/.test(char)) return 'digit';
  // Arabic letters (with the tatweel of «لـ») and the Arabic question mark and semicolon are
  // strong right-to-left (AL); its comma (CS), digits and combining marks are not.
  if (
    (/\p{Script_Extensions=Arabic}/u.test(char) && /\p{L}/u.test(char)) ||
    char === '\u061f' ||
    char === '\u061b'
  )
    return 'arabic';
  if (/\p{Script=Latin}/u.test(char)) return 'latin';
  return 'neutral';
}

/**
 * The findings in one text; kindOf says how each placeholder's value starts. Placeholders:
 * i18next's {{name}}, the contracts' messages' {name}, {count|unit} and {type:dosageForm} (its
 * name given with the kind, "type:dosageForm"), template literals' ${…}.
 */
export function bidiFindings(
  where: string,
  text: string,
  kindOf: (placeholder: string) => PlaceholderKind,
): BidiFinding[] {
  const list = tokens(text);
  const findings: BidiFinding[] = [];
  let depth = 0;
  list.forEach((token, index) => {
    if (token.type === 'open') depth += 1;
    if (token.type === 'close') depth = Math.max(0, depth - 1);
    if (token.type !== 'placeholder' || depth > 0 || kindOf(token.name ?? '') !== 'latin') return;
    const after = joinsForward(list, index + 1, kindOf);
    const before = joinsBack(list, index - 1);
    const why = after ?? before;
    if (why) findings.push({ where, placeholder: token.name ?? '', text, why });
  });
  return findings;
}

function joinsForward(list: Token[], from: number, kindOf: (placeholder: string) => PlaceholderKind) {
  let nested = 0;
  for (let i = from; i < list.length; i += 1) {
    const token = list[i]!;
    if (token.type === 'open') nested += 1;
    else if (token.type === 'close') nested = Math.max(0, nested - 1);
    if (nested > 0 || token.type === 'close') continue;
    if (token.type === 'arabic' || token.type === 'paragraph') return undefined;
    if (token.type === 'digit') return 'a figure follows it with no Arabic letter between';
    if (token.type === 'latin') return 'Latin letters follow it with no Arabic letter between';
    if (token.type === 'placeholder') {
      const kind = kindOf(token.name ?? '');
      if (kind === 'arabic') return undefined;
      if (kind !== 'isolated') return `{${token.name}} follows it with no Arabic letter between`;
    }
  }
  return undefined;
}

function joinsBack(list: Token[], from: number) {
  let nested = 0;
  for (let i = from; i >= 0; i -= 1) {
    const token = list[i]!;
    if (token.type === 'close') nested += 1;
    else if (token.type === 'open') nested = Math.max(0, nested - 1);
    if (nested > 0 || token.type === 'open') continue;
    if (token.type === 'arabic' || token.type === 'paragraph' || token.type === 'placeholder')
      return undefined;
    if (token.type === 'latin') return 'Latin letters precede it with no Arabic letter between';
  }
  return undefined;
}

/** Every string of a texts object (nested), each with its dotted key. */
export function textEntries(texts: unknown, prefix: string): [string, string][] {
  if (typeof texts === 'string') return [[prefix, texts]];
  if (!texts || typeof texts !== 'object') return [];
  return Object.entries(texts).flatMap(([key, value]) => textEntries(value, `${prefix}.${key}`));
}

/**
 * The string and template literals of a TypeScript source (escapes decoded, a template's ${…}
 * kept as written); those inside a template's ${…} come as texts of their own.
 */
export function sourceLiterals(source: string): string[] {
  const out: string[] = [];
  scan(source, 0, out, false);
  return out.map((text) =>
    text
      .replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      .replace(/\\n/g, '\n'),
  );
}

/** Scans code from i; inside an expression (nested), stops at its closing brace. Returns the index after. */
function scan(source: string, start: number, out: string[], nested: boolean): number {
  let i = start;
  let braces = 0;
  while (i < source.length) {
    const char = source[i]!;
    if (char === '/' && source[i + 1] === '/') {
      i = source.indexOf('\n', i);
      if (i < 0) return source.length;
      continue;
    }
    if (char === '/' && source[i + 1] === '*') {
      i = source.indexOf('*/', i) + 2;
      continue;
    }
    if (char === "'" || char === '"') {
      let j = i + 1;
      while (j < source.length && source[j] !== char) j += source[j] === '\\' ? 2 : 1;
      out.push(source.slice(i + 1, j));
      i = j + 1;
      continue;
    }
    if (char === '`') {
      let j = i + 1;
      let text = '';
      while (j < source.length && source[j] !== '`') {
        if (source[j] === '\\') {
          text += source.slice(j, j + 2);
          j += 2;
        } else if (source[j] === '$' && source[j + 1] === '{') {
          const end = scan(source, j + 2, out, true);
          text += source.slice(j, end);
          j = end;
        } else {
          text += source[j];
          j += 1;
        }
      }
      out.push(text);
      i = j + 1;
      continue;
    }
    if (char === '{') braces += 1;
    if (char === '}') {
      if (nested && braces === 0) return i + 1;
      braces -= 1;
    }
    i += 1;
  }
  return i;
}
