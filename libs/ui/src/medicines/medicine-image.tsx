import { useState } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Pill24Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { Medicine } from '@medrelay/contracts';

const useStyles = makeStyles({
  frame: {
    width: '72px',
    height: '72px',
    flexShrink: 0,
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground3,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeHero700,
  },
  image: { width: '100%', height: '100%', objectFit: 'cover' },
});

/** The catalog serves the medicine's photo, or its fallback image when there is none. */
export const medicineImageUrl = (medicine: Pick<Medicine, 'id' | 'imageUrl'>) =>
  medicine.imageUrl ?? `/api/medicines/${medicine.id}/image`;

/** A medicine's photo; a pill icon when even the fallback cannot load (offline, catalog down). */
export function MedicineImage({ medicine }: { medicine: Pick<Medicine, 'id' | 'imageUrl' | 'name'> }) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const src = medicineImageUrl(medicine);
  // Remembered per address: a new photo (a new URL) gets its own try.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  return (
    <div className={styles.frame}>
      {failedSrc === src ? (
        <Pill24Regular aria-hidden />
      ) : (
        <img
          className={styles.image}
          src={src}
          alt={t('medicine.imageAlt', { name: medicine.name })}
          loading="lazy"
          onError={() => setFailedSrc(src)}
        />
      )}
    </div>
  );
}
