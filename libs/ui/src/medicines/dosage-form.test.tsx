// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { medicineFixture } from '../test-support/fixtures';
import { renderInRemote } from '../test-support/render';
import { MedicineRow } from './medicine-row';

describe('a listing shows its dosage form translated', () => {
  it('reads the key as the label of the page language', async () => {
    const { i18n } = await renderInRemote(<MedicineRow medicine={medicineFixture({ type: 'syrup' })} />, {
      language: 'ar',
    });
    expect(screen.getByTestId('medicine-row').textContent).toContain('شراب');
    expect(screen.getByTestId('medicine-row').textContent).not.toContain('syrup');
    await i18n.changeLanguage('en');
    expect((await screen.findByTestId('medicine-row')).textContent).toContain('Syrup');
  });
});
