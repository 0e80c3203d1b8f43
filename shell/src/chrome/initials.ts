const enclosures = /[([{][^)\]}]*([)\]}]|$)/g;
const arabicLetter = /\p{Script=Arabic}/u;

/**
 * Up to two initials of a name in reading order: first word, last word ("Mona Adel" → "MA" in
 * either direction). Fluent's own helper swaps them on RTL pages (#6) and gives none for Arabic
 * names; here the bidi algorithm places them. Arabic initials are kept apart by a zero-width
 * non-joiner, so they read as two letters, not one joined word.
 */
export function initialsOf(name: string): string {
  const words = name
    .replace(enclosures, '')
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((word) => /\p{L}/u.test(word));
  if (!words.length) return '';
  const first = [...words[0]!][0]!;
  const last = words.length > 1 ? [...words[words.length - 1]!][0]! : '';
  const joiner = arabicLetter.test(first) && arabicLetter.test(last) ? '\u200c' : '';
  return `${first}${joiner}${last}`.toLocaleUpperCase();
}
