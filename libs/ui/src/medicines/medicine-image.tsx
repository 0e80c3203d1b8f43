import { useEffect, useState } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import {
  Beaker24Regular,
  Box24Regular,
  Drop24Regular,
  Eyedropper24Regular,
  HandDraw24Regular,
  Oval24Regular,
  Patch24Regular,
  Pill24Regular,
  TicketHorizontal24Regular,
  WeatherDrizzle24Regular,
  WeatherFog24Regular,
  type FluentIcon,
} from '@fluentui/react-icons';
import type { DosageForm } from '@medrelay/domain/dosage-forms';
import { useTranslation } from 'react-i18next';
import { loadMedicinePhoto } from '@medrelay/api-client';
import type { Medicine } from '@medrelay/contracts';

/** Without a photo, the pack's form tells listings apart at a glance (not one grey pill for all). */
const formIcons: Record<DosageForm, FluentIcon> = {
  tablets: Pill24Regular,
  capsules: Oval24Regular,
  syrup: Beaker24Regular,
  suspension: Beaker24Regular,
  injection: Eyedropper24Regular,
  inhaler: WeatherFog24Regular,
  drops: Drop24Regular,
  cream: HandDraw24Regular,
  ointment: HandDraw24Regular,
  gel: HandDraw24Regular,
  spray: WeatherDrizzle24Regular,
  suppository: Oval24Regular,
  sachet: TicketHorizontal24Regular,
  patch: Patch24Regular,
  other: Box24Regular,
};

const useStyles = makeStyles({
  frame: {
    width: '72px',
    height: '72px',
    '@media (max-width: 639px)': { width: '56px', height: '56px' },
    flexShrink: 0,
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground3,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    color: tokens.colorBrandForeground2,
    fontSize: tokens.fontSizeHero700,
  },
  noPhoto: { backgroundColor: tokens.colorBrandBackground2 },
  image: { width: '100%', height: '100%', objectFit: 'cover' },
});

/**
 * The object URL of a photo loaded with the session's token (see loadMedicinePhoto); null while
 * it loads, when there is none, or when it cannot be had (refused, offline). Freed on change.
 */
function usePhotoUrl(url: string | null): string | null {
  const [objectUrl, setObjectUrl] = useState<{ from: string; url: string } | null>(null);
  useEffect(() => {
    if (!url) return;
    const abort = new AbortController();
    let created: string | null = null;
    loadMedicinePhoto(url, abort.signal).then(
      (blob) => {
        created = URL.createObjectURL(blob);
        setObjectUrl({ from: url, url: created });
      },
      () => undefined,
    );
    return () => {
      abort.abort();
      if (created) URL.revokeObjectURL(created);
    };
  }, [url]);
  return objectUrl && objectUrl.from === url ? objectUrl.url : null;
}

/** A medicine's photo (its thumbnail); its form's icon when it has none or it cannot load. */
export function MedicineImage({
  medicine,
}: {
  medicine: Pick<Medicine, 'thumbnailUrl' | 'name'> & { type?: Medicine['type'] };
}) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const src = usePhotoUrl(medicine.thumbnailUrl);
  // Remembered per address: a new photo (a new URL) gets its own try.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = src && failedSrc !== src;
  const Icon = formIcons[medicine.type as DosageForm] ?? Pill24Regular;
  return (
    <div className={mergeClasses(styles.frame, !shown && styles.noPhoto)} data-form={medicine.type}>
      {!shown ? (
        <Icon aria-hidden />
      ) : (
        <img
          className={styles.image}
          src={src}
          alt={t('medicine.imageAlt', { name: medicine.name })}
          onError={() => setFailedSrc(src)}
        />
      )}
    </div>
  );
}
