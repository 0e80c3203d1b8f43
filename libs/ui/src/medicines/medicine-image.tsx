import { useEffect, useState } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { loadMedicinePhoto } from '@medrelay/api-client';
import type { Medicine } from '@medrelay/contracts';
import { dosageFormIcon } from './dosage-form-icon';

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
  // A browse card's: beside three short lines.
  small: {
    width: '44px',
    height: '44px',
    '@media (max-width: 639px)': { width: '44px', height: '44px' },
    fontSize: tokens.fontSizeBase600,
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
  size = 'medium',
}: {
  medicine: Pick<Medicine, 'thumbnailUrl' | 'name'> & { type?: Medicine['type'] };
  size?: 'medium' | 'small';
}) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const src = usePhotoUrl(medicine.thumbnailUrl);
  // Remembered per address: a new photo (a new URL) gets its own try.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = src && failedSrc !== src;
  const Icon = dosageFormIcon(medicine.type);
  return (
    <div
      className={mergeClasses(styles.frame, size === 'small' && styles.small, !shown && styles.noPhoto)}
      data-form={medicine.type}
    >
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
