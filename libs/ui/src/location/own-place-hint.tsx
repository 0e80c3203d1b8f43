import { Link, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { pickupPointOf } from '@medrelay/domain/pickup-points';
import { useRemote } from '../role-app';

/**
 * Above an owner's own listings when their account names no place (the governorate is optional):
 * a listing without a point has no distance, so it is left out of nearest-first browsing (the
 * NGOs' default) and is inside no need's reach (libs/domain `withinReachSql`). Says so, and where
 * to set one, with a link there (Settings is the shell's screen: a plain link, not this remote's
 * router); nothing once the account has a point.
 */
export function OwnPlaceHint() {
  const { t } = useTranslation('common');
  const { user } = useRemote();
  if (pickupPointOf(user)) return null;
  return (
    <MessageBar intent="warning" layout="multiline" data-testid="own-place-hint">
      <MessageBarBody>
        {t('near.ownerNoPoint')} <Link href={`/${user.userType}/settings`}>{t('nav.settings')}</Link>
      </MessageBarBody>
    </MessageBar>
  );
}
