// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { dosageForms } from '@medrelay/domain/dosage-forms';
import { medicineFixture } from '../test-support/fixtures';
import { renderInRemote } from '../test-support/render';
import { dosageFormIcon, dosageFormIcons, genericFormIcon } from './dosage-form-icon';
import { MedicineImage } from './medicine-image';

/** An icon as drawn: its SVG markup (icons are components, compared by what they draw). */
const drawn = (Icon: ReturnType<typeof dosageFormIcon>) => renderToStaticMarkup(<Icon aria-hidden />);

describe('the icon of a dosage form', () => {
  it('gives every dosage form an icon of its own kind; only "other" is the generic one', () => {
    for (const form of dosageForms) {
      expect(dosageFormIcon(form), form).toBe(dosageFormIcons[form]);
      expect(drawn(dosageFormIcon(form)), form).toMatch(/^<svg[^>]*>.*<path/);
      if (form === 'other') expect(dosageFormIcon(form)).toBe(genericFormIcon);
      else expect(dosageFormIcon(form), form).not.toBe(genericFormIcon);
    }
  });

  it('tells apart the forms a collector handles differently', () => {
    // Liquids, creams and the rest share a look within their group, never across groups.
    const kinds = [
      'tablets',
      'capsules',
      'syrup',
      'injection',
      'inhaler',
      'drops',
      'cream',
      'spray',
      'suppository',
      'sachet',
      'patch',
      'other',
    ] as const;
    const looks = new Set(kinds.map((form) => drawn(dosageFormIcon(form))));
    expect(looks.size).toBe(kinds.length);
  });

  it('falls back to the generic icon for a type that is no dosage form key', () => {
    for (const type of ['Tablets', 'اقراص', 'tabs', '', null, undefined])
      expect(dosageFormIcon(type), String(type)).toBe(genericFormIcon);
  });

  it("draws the form's icon in a listing without a photo, hidden from screen readers", async () => {
    await renderInRemote(
      <>
        <MedicineImage medicine={medicineFixture({ type: 'injection' })} />
        <MedicineImage medicine={medicineFixture({ type: 'drops' })} size="small" />
        <MedicineImage medicine={medicineFixture({ type: 'Eye drops' as never })} />
      </>,
    );
    const frames = [...document.querySelectorAll('[data-form]')];
    const svgs = frames.map((frame) => frame.querySelector('svg')!);
    expect(svgs.map((svg) => svg.innerHTML)).toEqual(
      [dosageFormIcons.injection, dosageFormIcons.drops, genericFormIcon].map(
        (Icon) => new DOMParser().parseFromString(drawn(Icon), 'text/html').querySelector('svg')!.innerHTML,
      ),
    );
    expect(svgs.every((svg) => svg.getAttribute('aria-hidden') === 'true')).toBe(true);
    expect(frames.map((f) => f.querySelector('img'))).toEqual([null, null, null]);
  });
});
