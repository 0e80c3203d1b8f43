// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicImpact } from '@medrelay/contracts';
import { renderInRemote } from '@medrelay/ui/test-support';
import { shellTexts } from '../texts';
import { ImpactStrip } from './impact-strip';

const show = (impact: PublicImpact, language: 'en' | 'ar' = 'en') =>
  renderInRemote(<ImpactStrip />, {
    language,
    texts: shellTexts,
    namespace: 'shell',
    queryFn: async ({ queryKey }) => {
      if (queryKey[0] === '/api/impact') return impact;
      throw new Error(`unexpected ${String(queryKey[0])}`);
    },
  });

const wasteCard = async (label: string) =>
  (await screen.findByText(label)).closest<HTMLElement>('[data-testid="impact-card"]')!;

describe('the landing waste figure', () => {
  it('states no ratio on a young install: the claim instead of "100.0%"', async () => {
    await show({ medicinesSaved: 4, patientsServed: 6, activePartners: 3, wasteReducedPercent: null });
    const card = await wasteCard('Less medicine waste');
    within(card).getByText('Up to 40%');
    expect(screen.queryByText(/100\.0/)).toBeNull();
    expect(screen.queryByText('Waste reduced')).toBeNull();
  });

  it('says the claim in Arabic too', async () => {
    await show({ medicinesSaved: 4, patientsServed: 6, activePartners: 3, wasteReducedPercent: null }, 'ar');
    within(await wasteCard('هدر أقل في الأدوية')).getByText('لحد 40%');
  });

  it('shows the measured figure once it is meaningful', async () => {
    await show({ medicinesSaved: 950, patientsServed: 1425, activePartners: 40, wasteReducedPercent: 95 });
    within(await wasteCard('Waste reduced')).getByText('95.0%');
  });
});
