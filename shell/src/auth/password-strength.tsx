import { useEffect, useState } from 'react';
import { makeStyles, ProgressBar, Text, tokens } from '@fluentui/react-components';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { usePublicSettings } from '@medrelay/api-client';
import { fieldMessage } from '@medrelay/ui';
import type * as PolicyModule from '@medrelay/domain/password-policy';
import type { PasswordOwner } from '@medrelay/domain/password-policy';
import { useAccountTexts } from './account-texts';

type Policy = typeof PolicyModule;

const useStyles = makeStyles({
  meter: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  problem: { color: tokens.colorPaletteRedForeground1 },
});

const colours = ['error', 'error', 'warning', 'success', 'success'] as const;

/**
 * The strength meter under every field where a password is chosen: zxcvbn-ts's
 * score, and what the platform's policy would refuse, as the server will. The rules and the list
 * of common passwords come on demand, with the first keystroke's screen, not with the page.
 */
export function PasswordStrength({ password, owner = {} }: { password: string; owner?: PasswordOwner }) {
  const styles = useStyles();
  const { t } = useAccountTexts();
  const policyOn = usePublicSettings().data?.passwordPolicy ?? true;
  const [policy, setPolicy] = useState<Policy | null>(null);
  useEffect(() => {
    if (password && !policy)
      void import(
        // Named so the service worker's precache can leave it out (213 KB of Brotli a signed-in
        // user needs only to choose a new password, online).
        /* webpackChunkName: "password-policy" */ '@medrelay/domain/password-policy'
      ).then(setPolicy);
  }, [password, policy]);
  if (!password || !policy) return null;
  const score = policy.passwordStrength(password, owner);
  const level = (t('strength.level', { returnObjects: true }) as string[])[score];
  return (
    <div className={styles.meter} data-testid="password-strength" aria-live="polite">
      <ProgressBar value={(score + 1) / 5} color={colours[score]} thickness="large" aria-hidden />
      <Text size={200}>{t('strength.label', { level })}</Text>
      {policy.passwordProblems(password, policyOn, owner).map((problem) => (
        <Text key={problem} size={200} className={styles.problem} block>
          {t(`messages:${problem}`)}
        </Text>
      ))}
    </div>
  );
}

/**
 * The error of a field where a password is chosen, in the meter's words: the forms' schema knows
 * only spec §5's 6 characters, so under the policy a short password is told its 10, as the meter
 * says from the first keystroke (not "6", then "10" once six are typed).
 */
export function usePasswordFieldMessage(): (error: FieldError | undefined) => string | undefined {
  const { t } = useTranslation();
  const policyOn = usePublicSettings().data?.passwordPolicy ?? true;
  return (error) =>
    fieldMessage(
      t,
      policyOn && error?.message === 'passwordMin' ? { ...error, message: 'passwordMinPolicy' } : error,
    );
}
