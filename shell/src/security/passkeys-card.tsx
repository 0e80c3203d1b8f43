import { Button, Card, Text } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { callApi, routeKey } from '@medrelay/api-client';
import { identityEndpoints } from '@medrelay/contracts/endpoints';
import { useFormat } from '@medrelay/i18n';
import { failureText } from '../auth/account-links';
import { useAccountTexts } from '../auth/account-texts';
import { CardHeading, useListChange, useListStyles } from './card-list';
import { PasswordConfirmForm } from './password-confirm-form';
import { useCardStyles } from './two-factor-card';

const passkeysKey = routeKey(identityEndpoints.passkeys);

/** The browser refused or the person cancelled: a WebAuthn DOMException, not a server answer. */
const cancelled = (error: unknown) =>
  error instanceof Error && ['NotAllowedError', 'AbortError', 'InvalidStateError'].includes(error.name);

/**
 * The own passkeys (WebAuthn through @simplewebauthn/browser, loaded only when
 * one is added): the list, adding one on this device (with the password: a session left open
 * on a shared computer must not be enough), removing one.
 */
export function PasskeysCard() {
  const card = useCardStyles();
  const styles = useListStyles();
  const { t } = useAccountTexts();
  const format = useFormat();
  const passkeys = useQuery({ queryKey: passkeysKey, queryFn: () => callApi(identityEndpoints.passkeys) });
  const change = useListChange(passkeysKey);
  const busy = change.busy;
  const run = (work: () => Promise<string>, failed: string) =>
    change.run(work, failed, (error) =>
      cancelled(error) ? t('passkeys.cancelled') : failureText(error, t('common:toast.networkError')),
    );

  const add = (password: string) =>
    run(async () => {
      const { startRegistration } = await import('@simplewebauthn/browser');
      const optionsJSON = await callApi(identityEndpoints.passkeyOptions, { body: { password } });
      const response = await startRegistration({ optionsJSON: optionsJSON as never });
      await callApi(identityEndpoints.addPasskey, { body: { response: response as never } });
      return t('passkeys.added');
    }, t('passkeys.failed'));

  return (
    <Card ref={change.ref} className={card.card} data-testid="passkeys">
      <CardHeading title={t('passkeys.title')} subtitle={t('passkeys.subtitle')} />
      <ul className={styles.list}>
        {(passkeys.data ?? []).map((p) => (
          <li key={p.id} className={styles.row} data-testid="passkey">
            <div className={styles.who}>
              <Text weight="semibold">{p.name}</Text>
              <Text size={200} className={styles.muted}>
                {t('passkeys.created', { when: format.dateTime(p.createdAt) })} ·{' '}
                {p.lastUsedAt
                  ? t('passkeys.used', { when: format.relative(p.lastUsedAt) })
                  : t('passkeys.neverUsed')}
              </Text>
            </div>
            <Button
              disabled={busy}
              onClick={() =>
                void run(async () => {
                  await callApi(identityEndpoints.deletePasskey, { params: { id: p.id } });
                  return t('passkeys.removed');
                }, t('passkeys.removeFailed'))
              }
            >
              {t('passkeys.remove')}
            </Button>
          </li>
        ))}
      </ul>
      {passkeys.data && !passkeys.data.length && <Text className={styles.muted}>{t('passkeys.none')}</Text>}
      <PasswordConfirmForm
        className={card.actions}
        label={t('passkeys.password')}
        submitLabel={t('passkeys.add')}
        busy={busy}
        primary
        onConfirm={add}
      />
    </Card>
  );
}
