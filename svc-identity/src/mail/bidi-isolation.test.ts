import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bidiFindings, sourceLiterals, type PlaceholderKind } from '@medrelay/testing/bidi';

/**
 * The Arabic e-mails' Latin values (names, medicines, e-mail addresses, links, MedRelay) are
 * isolated wherever a figure or another Latin value could join their run (the rule:
 * libs/testing/src/bidi.ts). The templates are read as source: each Arabic string or template
 * literal, its ${…} the placeholders.
 */
const files = [
  'templates.ts',
  'account-templates.ts',
  'license-templates.ts',
  'transfer-templates.ts',
  'recall-templates.ts',
];

/** How what a ${…} writes starts, read from the expression. */
function kindOf(expression: string): PlaceholderKind {
  if (/\b(leftToRight|isolated)\(/.test(expression)) return 'isolated';
  // Translated labels, and the Cairo day of a date or a pickup window ("الثلاثاء، 1 ديسمبر 2026 …").
  // A condition's text ("${d.agreedBefore ? ` الميعاد اللي كان متفق عليه، …` : ''}"): as its first words start.
  const chosen = /\?\s*[`'"]([^`'"]*)/.exec(expression)?.[1];
  if (chosen !== undefined && /^[^\p{L}\d]*\p{Script=Arabic}/u.test(chosen)) return 'arabic';
  if (/\.ar\[/.test(expression) || /^d\.(when|agreedBefore|at|windows)$/.test(expression)) return 'arabic';
  if (
    /^[\w.]+$/.test(expression) &&
    /name|medicine|email|location|reason|batch|license|url|link|device|need/i.test(expression)
  )
    return 'latin';
  return 'other';
}

describe('Latin values inside the Arabic e-mails', () => {
  it('are isolated wherever a figure or another Latin value could join their run', () => {
    const findings = files.flatMap((file) =>
      sourceLiterals(readFileSync(new URL(file, import.meta.url), 'utf8'))
        .filter((text) => /\p{Script=Arabic}/u.test(text))
        .flatMap((text) => bidiFindings(file, text, kindOf)),
    );
    expect(
      findings.map((f) => `${f.where} \${${f.placeholder}}: ${f.why} — ${JSON.stringify(f.text)}`),
    ).toEqual([]);
  });
});
