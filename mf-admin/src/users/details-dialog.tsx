import type { ReactNode } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNoShowCounts } from '@medrelay/api-client';
import type { User } from '@medrelay/contracts';
import { useFormat, useShownName } from '@medrelay/i18n';

const useStyles = makeStyles({
  details: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
  },
});

/** Every field a reviewer needs to vet the account (spec §3 profile fields). */
export function DetailsDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation('admin');
  const format = useFormat();
  const shownName = useShownName();
  const profile = user.profile;
  // missed pickup windows of this account (svc-requests counts them).
  const noShows = useNoShowCounts([user.id]).data?.find((c) => c.userId === user.id);
  const rows: [string, ReactNode][] = [
    [t('approvals.fields.name'), shownName(user.name)],
    [t('approvals.fields.email'), user.email],
    // E.164 reads left to right in Arabic too (the + stays in front).
    [t('approvals.fields.phone'), <bdi dir="ltr">{user.phone}</bdi>],
    [t('approvals.fields.userType'), t(`common:userType.${user.userType}`)],
    [t('approvals.fields.status'), t(`common:status.${user.status}`)],
    [t('approvals.fields.address'), profile?.address],
    [t('approvals.fields.commercialLicense'), profile?.commercialLicense],
    [t('approvals.fields.licenseDocument'), profile?.licenseDocument],
    [t('approvals.fields.organizationName'), profile?.organizationName],
    [t('approvals.fields.commercialNumber'), profile?.commercialNumber],
    [t('approvals.fields.pharmacistLicense'), profile?.pharmacistLicense],
    [t('approvals.fields.verificationDocuments'), profile?.verificationDocuments],
    [t('approvals.fields.registered'), format.dateTime(user.createdAt)],
    [
      t('approvals.fields.noShows'),
      noShows ? t('noShows.counts', { asRequester: noShows.asRequester, asOwner: noShows.asOwner }) : '0',
    ],
  ];
  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('approvals.detailsTitle')}</DialogTitle>
          <DialogContent>
            <dl className={styles.details}>
              {rows
                .filter(([, value]) => value)
                .map(([label, value]) => (
                  <div key={label} style={{ display: 'contents' }}>
                    <dt>
                      <Text weight="semibold">{label}</Text>
                    </dt>
                    <dd style={{ margin: 0 }}>{value}</dd>
                  </div>
                ))}
            </dl>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('common:actions.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
