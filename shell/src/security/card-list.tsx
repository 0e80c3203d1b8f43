import { useState } from 'react';
import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { failureText } from '../auth/account-links';
import { useAccountTexts } from '../auth/account-texts';
import { useToast } from '../chrome/toasts';

/** A security card's list of things the account holds (browsers signed in, passkeys). */
export const useListStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalS },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
  },
  who: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** A security card's title and the sentence under it. */
export function CardHeading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <>
      <Text as="h2" size={500} weight="semibold">
        {title}
      </Text>
      <Text>{subtitle}</Text>
    </>
  );
}

/**
 * Runs a change of what a card lists: its buttons are off meanwhile, the outcome is told in a
 * toast (what the work returns, or the failure with the server's words), and the list is read
 * again either way.
 */
export function useListChange(queryKey: QueryKey) {
  const { t } = useAccountTexts();
  const toast = useToast();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const run = async (
    work: () => Promise<string>,
    failed: string,
    describe: (error: unknown) => string = (error) => failureText(error, t('common:toast.networkError')),
  ) => {
    setBusy(true);
    try {
      toast({ title: await work() });
    } catch (error) {
      toast({ title: failed, description: describe(error), intent: 'destructive' });
    } finally {
      setBusy(false);
      await client.invalidateQueries({ queryKey });
    }
  };
  return { busy, run };
}
