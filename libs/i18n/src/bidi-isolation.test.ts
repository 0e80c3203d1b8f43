import { describe, expect, it } from 'vitest';
import { messages } from '@medrelay/contracts';
import { bidiFindings, textEntries, type PlaceholderKind } from '@medrelay/testing/bidi';
import { common } from './common';
import { work } from './work';
import { texts as adminTexts } from '../../../mf-admin/src/texts';
import { texts as donorTexts } from '../../../mf-donor/src/texts';
import { texts as ngoTexts } from '../../../mf-ngo/src/texts';
import { texts as pharmacyTexts } from '../../../mf-pharmacy/src/texts';
import { shellTexts } from '../../../shell/src/texts';

/**
 * Placeholders the callers fill with a value that may be written in Latin letters: a person's,
 * organisation's or medicine's name (actor/subject: the activity log's user and medicine), an
 * area or address typed in, free text (reason, notes), an e-mail address, a batch or serial code.
 */
const latin = new Set([
  'name',
  'medicine',
  'medicineName',
  'requester',
  'provider',
  'owner',
  'other',
  'pharmacy',
  'organization',
  'actor',
  'subject',
  'need',
  'place',
  'area',
  'location',
  'address',
  'notes',
  'reason',
  'email',
  'batch',
  'serial',
  'license',
]);

/** Placeholders whose Arabic value is Arabic words (translated labels): a strong Arabic letter. */
const arabic = new Set(['role', 'form', 'governorate', 'recipients', 'categories', 'status', 'userType']);

/** The contracts' `{type:dosageForm}`: the word for the value, in the reader's language. */
const kindOf = (placeholder: string): PlaceholderKind =>
  latin.has(placeholder)
    ? 'latin'
    : arabic.has(placeholder) || placeholder.includes(':')
      ? 'arabic'
      : 'other';

const arabicTexts: [string, unknown][] = [
  ['common', common.ar],
  ['work', work.ar],
  ['mf-admin', adminTexts.ar],
  ['mf-donor', donorTexts.ar],
  ['mf-ngo', ngoTexts.ar],
  ['mf-pharmacy', pharmacyTexts.ar],
  ['shell', shellTexts.ar],
  ['messages', Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, text.ar]))],
];

describe('Latin names inside Arabic texts', () => {
  it('are isolated wherever a figure or another Latin value could join their run', () => {
    const findings = arabicTexts.flatMap(([namespace, texts]) =>
      textEntries(texts, namespace).flatMap(([key, text]) => bidiFindings(key, text, kindOf)),
    );
    expect(
      findings.map((f) => `${f.where} {${f.placeholder}}: ${f.why} — ${JSON.stringify(f.text)}`),
    ).toEqual([]);
  });

  it('finds what the bidi algorithm would misplace, and nothing else', () => {
    const found = (text: string) => bidiFindings('t', text, kindOf).map((f) => f.placeholder);
    expect(found('صاحب الطلب: {{name}} · {{count}} وحدات')).toEqual(['name']);
    expect(found('من {{name}} · 3.5 كم')).toEqual(['name']);
    expect(found('{{medicine}} · {{owner}}')).toEqual(['medicine']);
    expect(found('{requester} طلب {quantity|unit} من {medicine}')).toEqual([]);
    expect(found('صاحب الطلب: \u2068{{name}}\u2069 · {{count}} وحدات')).toEqual([]);
    expect(found('{{name}} · \u2066{{count}}\u2069 وحدات')).toEqual([]);
    expect(found('{{count}} · {{name}}')).toEqual([]);
    expect(found('{{name}} ({{role}})')).toEqual([]);
    expect(found('على MedRelay {{name}}')).toEqual(['name']);
    // The tatweel of «لـ» is an Arabic letter; a new line starts a new paragraph.
    expect(found('اتبرعت بـ{{medicine}}')).toEqual([]);
    expect(found('{{name}}\n3 وحدات')).toEqual([]);
    // The contracts' counted and labelled placeholders.
    expect(found('{medicine} ({quantity|unit}، فاضل {days|day})')).toEqual(['medicine']);
    expect(found('{medicine} {type:dosageForm}')).toEqual([]);
    expect(found('{medicine} {batch}')).toEqual(['medicine']);
  });
});
