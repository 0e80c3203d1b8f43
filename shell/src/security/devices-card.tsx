import { Badge, Button, Card, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { callApi, routeKey, tokenStore } from '@medrelay/api-client';
import type { Session } from '@medrelay/contracts';
import { identityEndpoints } from '@medrelay/contracts/endpoints';
import { useFormat } from '@medrelay/i18n';
import { useAccountTexts } from '../auth/account-texts';
import { CardHeading, useListChange, useListStyles } from './card-list';
import { useCardStyles } from './two-factor-card';

const useStyles = makeStyles({
  // Rows of browsers are ruled apart: each has three lines.
  row: {
    paddingBlock: tokens.spacingVerticalS,
    borderBlockEndWidth: tokens.strokeWidthThin,
    borderBlockEndStyle: 'solid',
    borderBlockEndColor: tokens.colorNeutralStroke2,
  },
  name: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

const sessionsKey = routeKey(identityEndpoints.sessions);

/**
 * The browsers signed in to the own account: device, country of the address (a
 * name in the reader's language), when last active; sign out one, or all others.
 */
export function DevicesCard() {
  const card = useCardStyles();
  const list = useListStyles();
  const styles = useStyles();
  const { t } = useAccountTexts();
  const format = useFormat();
  const sessions = useQuery({ queryKey: sessionsKey, queryFn: () => callApi(identityEndpoints.sessions) });
  const change = useListChange(sessionsKey);
  const busy = change.busy;
  const run = (work: () => Promise<string>) => change.run(work, t('devices.failed'));
  const countries = new Intl.DisplayNames([format.locale], { type: 'region' });

  const place = (s: Session) =>
    s.country ? (countries.of(s.country) ?? s.country) : t('devices.unknownPlace');
  const others = (sessions.data ?? []).filter((s) => !s.current);

  return (
    <Card ref={change.ref} className={card.card} data-testid="devices">
      <CardHeading title={t('devices.title')} subtitle={t('devices.subtitle')} />
      <ul className={list.list}>
        {(sessions.data ?? []).map((s) => (
          <li key={s.id} className={mergeClasses(list.row, styles.row)} data-testid="device">
            <div className={list.who}>
              <div className={styles.name}>
                <Text weight="semibold">{s.device}</Text>
                {s.current && (
                  <Badge appearance="tint" color="success">
                    {t('devices.current')}
                  </Badge>
                )}
              </div>
              <Text size={200} className={list.muted}>
                {place(s)} · {t('devices.seen', { when: format.relative(s.lastSeenAt) })}
              </Text>
              <Text size={200} className={list.muted}>
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
      {sessions.data && !others.length && <Text className={list.muted}>{t('devices.none')}</Text>}
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
