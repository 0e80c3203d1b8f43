import { useRef, useState } from 'react';
import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { focusHeading, whenSettled } from '@medrelay/ui';
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
 * Moves focus, once it is shown, to where an action's outcome is (the first element of `card`
 * the selector finds, or what `find` gives; a heading is focused as a landing place), instead of
 * leaving it on the page's body once the pressed control is gone or disabled. Checked each frame
 * (the element may come only with a list read again), for ten seconds at most; left alone if
 * focus went out of the card meanwhile.
 */
export function landFocus(card: HTMLElement | null, target: string | (() => HTMLElement | null | undefined)) {
  const find = () => (typeof target === 'string' ? card?.querySelector<HTMLElement>(target) : target());
  void whenSettled(() => !!find()).then(() => {
    const found = find();
    const active = document.activeElement;
    if (!found || (active && active !== document.body && !card?.contains(active))) return;
    if (/^H\d$/.test(found.tagName)) focusHeading(found);
    else found.focus();
  });
}

/**
 * Runs a change of what a card lists: its buttons are off meanwhile, the outcome is told in a
 * toast (what the work returns, or the failure with the server's words), and the list is read
 * again either way. Focus then lands on the card's heading after a change (the row and its
 * button may be gone), or back where it was after a failure (the password box of a form), never
 * on the page's body. `ref` goes on the card.
 */
export function useListChange(queryKey: QueryKey) {
  const { t } = useAccountTexts();
  const toast = useToast();
  const client = useQueryClient();
  const ref = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);
  const run = async (
    work: () => Promise<string>,
    failed: string,
    describe: (error: unknown) => string = (error) => failureText(error, t('common:toast.networkError')),
  ) => {
    const active = document.activeElement;
    const pressed = active instanceof HTMLElement && active !== document.body ? active : null;
    const back = () => {
      const field = pressed?.closest('form')?.querySelector<HTMLElement>('input');
      if (field?.isConnected) return field;
      if (pressed?.isConnected) return (pressed as HTMLButtonElement).disabled ? null : pressed;
      return ref.current?.querySelector<HTMLElement>('h2');
    };
    setBusy(true);
    let done = false;
    try {
      toast({ title: await work() });
      done = true;
    } catch (error) {
      toast({ title: failed, description: describe(error), intent: 'destructive' });
    } finally {
      setBusy(false);
      await client.invalidateQueries({ queryKey });
      landFocus(ref.current, done ? 'h2' : back);
    }
  };
  return { busy, run, ref };
}
