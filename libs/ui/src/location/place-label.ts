import { useTranslation } from 'react-i18next';
import type { AreaKey, Governorate } from '@medrelay/domain/governorates';
import { useFormat } from '@medrelay/i18n';

/**
 * Where something is collected and how far, as the cards say it: "3.5 km · Dokki, Giza",
 * "Giza" when only the governorate is known; null when nothing is.
 */
export function usePlaceLabel() {
  const { t } = useTranslation('common');
  const format = useFormat();
  const place = (p: { area: AreaKey | null; governorate: Governorate | null } | null | undefined) => {
    if (!p) return null;
    const governorate = p.governorate ? t(`governorate.${p.governorate}`) : null;
    if (!p.area) return governorate;
    const area = t(`area.${p.area}`);
    return governorate ? t('near.place', { area, governorate }) : area;
  };
  const distance = (km: number) => t('near.km', { value: format.number(km) });
  const distanceAndPlace = (
    km: number | null | undefined,
    p: { area: AreaKey | null; governorate: Governorate | null } | null | undefined,
  ) => {
    const where = place(p);
    if (km === null || km === undefined) return where;
    return where ? t('near.distanceArea', { distance: distance(km), place: where }) : distance(km);
  };
  return { place, distance, distanceAndPlace };
}
