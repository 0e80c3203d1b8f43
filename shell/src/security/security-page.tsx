import { Card, makeStyles, Text, tokens } from '@fluentui/react-components';
import type { User } from '@medrelay/contracts';
import { PageHeader, RouterLink } from '@medrelay/ui';
import { PasswordCard } from '../settings/account-settings';
import { useAccountTexts } from '../auth/account-texts';
import { DevicesCard } from './devices-card';
import { PasskeysCard } from './passkeys-card';
import { TwoFactorCard, useCardStyles } from './two-factor-card';

const useStyles = makeStyles({
  cards: { display: 'grid', gap: tokens.spacingVerticalXL, maxWidth: '720px' },
});

/** `/{role}/security` for every role: how the account signs in, and where it is signed in. */
export function SecurityPage({ user }: { user: User }) {
  const styles = useStyles();
  const { t } = useAccountTexts();
  return (
    <>
      <PageHeader title={t('security.title')} subtitle={t('security.subtitle')} />
      <div className={styles.cards}>
        {/* Administrators' settings are the system's: their password is changed here. */}
        {user.userType === 'admin' && <PasswordCard user={user} />}
        <TwoFactorCard />
        <PasskeysCard />
        <DevicesCard />
      </div>
    </>
  );
}

/** On the settings screen: where two-factor sign-in and the signed-in devices are. */
export function SecurityLinkCard({ role }: { role: string }) {
  const card = useCardStyles();
  const { t } = useAccountTexts();
  return (
    <Card className={card.card}>
      <Text as="h2" size={500} weight="semibold">
        {t('security.title')}
      </Text>
      <Text>{t('security.subtitle')}</Text>
      <RouterLink to={`/${role}/security`}>{t('security.open')}</RouterLink>
    </Card>
  );
}
