import { useState } from 'react';
import { Badge, Button, Card, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, routeKey, tokenStore } from '@medrelay/api-client';
import type { Session } from '@medrelay/contracts';
import { identityEndpoints } from '@medrelay/contracts/endpoints';
import { useFormat } from '@medrelay/i18n';
import { failureText } from '../auth/account-links';
import { useAccountTexts } from '../auth/account-texts';
import { useToast } from '../chrome/toasts';
import { useCardStyles } from './two-factor-card';

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalS },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    paddingBlock: tokens.spacingVerticalS,
    borderBlockEndWidth: tokens.strokeWidthThin,
    borderBlockEndStyle: 'solid',
    borderBlockEndColor: tokens.colorNeutralStroke2,
  },
  who: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  name: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground3 },
});

const sessionsKey = routeKey(identityEndpoints.sessions);

/**
 * The browsers signed in to the own account: device, country of the address (a
 * name in the reader's language), when last active; sign out one, or all others.
 */
export function DevicesCard() {
  const card = useCardStyles();
  const styles = useStyles();
  const { t } = useAccountTexts();
  const format = useFormat();
  const toast = useToast();
  const client = useQueryClient();
  const sessions = useQuery({ queryKey: sessionsKey, queryFn: () => callApi(identityEndpoints.sessions) });
  const [busy, setBusy] = useState(false);
  const countries = new Intl.DisplayNames([format.locale], { type: 'region' });

  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    try {
      toast({ title: await work() });
    } catch (error) {
      toast({
        title: t('devices.failed'),
        description: failureText(error, t('common:toast.networkError')),
        intent: 'destructive',
      });
    } finally {
      setBusy(false);
      await client.invalidateQueries({ queryKey: sessionsKey });
    }
  };
  const place = (s: Session) =>
    s.country ? (countries.of(s.country) ?? s.country) : t('devices.unknownPlace');
  const others = (sessions.data ?? []).filter((s) => !s.current);

  return (
    <Card className={card.card} data-testid="devices">
      <Text as="h2" size={500} weight="semibold">
        {t('devices.title')}
      </Text>
      <Text>{t('devices.subtitle')}</Text>
      <ul className={styles.list}>
        {(sessions.data ?? []).map((s) => (
          <li key={s.id} className={styles.row} data-testid="device">
            <div className={styles.who}>
              <div className={styles.name}>
                <Text weight="semibold">{s.device}</Text>
                {s.current && (
                  <Badge appearance="tint" color="success">
                    {t('devices.current')}
                  </Badge>
                )}
              </div>
              <Text size={200} className={styles.muted}>
                {place(s)} · {t('devices.seen', { when: format.relative(s.lastSeenAt) })}
              </Text>
              <Text size={200} className={styles.muted}>
                {t('devices.signedIn', { when: format.dateTime(s.signedInAt) })}
              </Text>
            </div>
            {!s.current && (
              <Button
                disabled={busy}
                onClick={() =>
                  void run(async () => {
                    await callApi(identityEndpoints.endSession, { params: { id: s.id } });
                    return t('devices.signedOut');
                  })
                }
              >
                {t('devices.signOut')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {sessions.data && !others.length && <Text className={styles.muted}>{t('devices.none')}</Text>}
      {others.length > 0 && (
        <div className={card.actions}>
          <Button
            appearance="primary"
            disabled={busy}
            onClick={() =>
              void run(async () => {
                const { signedOut, token } = await callApi(identityEndpoints.endOtherSessions);
                // Every older token stopped, this browser's too: it goes on with the new one.
                tokenStore.set(token);
                return t('devices.signedOutOthers', { count: signedOut });
              })
            }
          >
            {t('devices.signOutOthers')}
          </Button>
        </div>
      )}
    </Card>
  );
}
