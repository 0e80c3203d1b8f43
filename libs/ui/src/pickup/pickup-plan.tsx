import { useRef, useState } from 'react';
import {
  Button,
  Link,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Text,
  tokens,
  useRestoreFocusTarget,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { usePickupActions, usePickupPlan, useSession } from '@medrelay/api-client';
import {
  pickupWindowInputSchema,
  type Language,
  type MedicineRequest,
  type PickupWindow,
} from '@medrelay/contracts';
import { formatPickupWindow } from '@medrelay/domain/formats';
import { FormDialog } from '../components/form-dialog';
import { focusHeading, whenSettled } from '../components/focus-landing';
import { useNotify } from '../use-notify';
import { offerDraft, rememberOffer, type WindowDraft } from './last-offer';
import { PickupOfferDialog, useIssueText, WindowFields } from './offer-dialog';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

const blankWindow = (): WindowDraft => ({ date: '', from: '10:00', to: '12:00' });

/** The requester's own window, for the owner to accept. */
function ProposeDialog({
  busy,
  onSubmit,
  onClose,
}: {
  busy?: boolean;
  onSubmit: (w: WindowDraft) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('common');
  const issue = useIssueText();
  const [w, setW] = useState<WindowDraft>(blankWindow());
  const [error, setError] = useState<string>();
  return (
    <FormDialog
      title={t('pickupWindows.proposeTitle')}
      submitLabel={t('pickupWindows.propose')}
      busy={busy}
      onSubmit={() => {
        const parsed = pickupWindowInputSchema.safeParse(w);
        if (parsed.success) onSubmit(w);
        else setError(parsed.error.issues[0]?.message);
      }}
      onClose={onClose}
    >
      <WindowFields label={t('pickupWindows.yourWindow')} value={w} onChange={setW} error={issue(error)} />
    </FormDialog>
  );
}

/**
 * A window as the e-mails write it, in the page's language: the Cairo day in full, then the times
 * ("Tuesday, December 1, 2026 · 10:00–12:00"), kept left to right inside Arabic text.
 */
const windowText = (language: Language) => (w: PickupWindow) =>
  formatPickupWindow(w.startsAt, w.endsAt, language);

/**
 * The pickup plan on an approved request, for either side: the owner offers windows
 * and accepts a proposal; the requester picks one or proposes another. Both see the choice and a
 * missed window; the owner also sees the map link of the pin they set. The requester's place and
 * map link are in the row's pickup details (PickupInfo), so they are not said twice.
 */
export function PickupPlanPanel({
  request,
  side,
}: {
  request: MedicineRequest;
  side: 'owner' | 'requester';
}) {
  const styles = useStyles();
  const { t, i18n } = useTranslation('common');
  const windowLabel = windowText(i18n.resolvedLanguage === 'ar' ? 'ar' : 'en');
  const notify = useNotify();
  const approved = request.status === 'approved';
  const plan = usePickupPlan(request.id, approved);
  const actions = usePickupActions(request.id);
  const session = useSession();
  const [dialog, setDialog] = useState<'offer' | 'propose' | null>(null);
  // The dialog opens without a DialogTrigger: this gives focus back to its button when it closes.
  const restoreFocus = useRestoreFocusTarget();
  const [picked, setPicked] = useState('');
  const panel = useRef<HTMLElement>(null);
  if (!approved || !plan.data) return null;
  const p = plan.data;
  // A single window offered is the one to pick: chosen already, not a radio to tick first.
  const selected = picked || (p.windows.length === 1 ? String(p.windows[0]!.id) : '');
  // A requester whose owner gave no windows (an approval with pickup details only) sees those
  // details in the row already: nothing to pick here, unless the pickup lapsed (said below).
  if (side === 'requester' && p.windows.length === 0 && !p.chosen && !p.missedAt) return null;
  /**
   * Picking a window or accepting a proposal takes its button away: focus goes to the time now
   * agreed, not to the page's body.
   */
  const landOnChoice = () => {
    const chosen = () => panel.current?.querySelector<HTMLElement>('[data-testid="pickup-chosen"]');
    void whenSettled(() => !!chosen()).then(() => {
      const landing = chosen();
      if (landing) focusHeading(landing);
    });
  };
  const run = async (action: () => Promise<unknown>, success: string, settled?: () => void) => {
    try {
      await action();
      notify.success(success);
      setDialog(null);
      settled?.();
    } catch (error) {
      notify.failure(t('pickupWindows.failed'), error, t('pickupWindows.failed'));
    }
  };
  const busy = Object.values(actions).some((m) => m.isPending);
  return (
    <section
      ref={panel}
      className={styles.panel}
      aria-label={t('pickupWindows.title')}
      data-testid="pickup-plan"
    >
      <Text weight="semibold">{t('pickupWindows.title')}</Text>
      {p.missedAt && (
        <MessageBar intent="warning">
          <MessageBarBody>
            {/* Missed with a time agreed, or lapsed with none (the code expired first). */}
            {t(p.chosen ? 'pickupWindows.missed' : 'pickupWindows.missedUnsettled')}
          </MessageBarBody>
        </MessageBar>
      )}
      {/* The place itself is in the row's pickup details (spec fields, filled from the offer); the
          requester's map link too (PickupInfo), the owner's pin here. */}
      {side === 'owner' && p.mapUrl && (
        <Link href={p.mapUrl} target="_blank" rel="noopener noreferrer">
          {t('pickupWindows.map')}
        </Link>
      )}
      {p.chosen ? (
        <Text data-testid="pickup-chosen">
          {t('pickupWindows.chosen', { window: windowLabel(p.chosen) })}
        </Text>
      ) : p.windows.length === 0 ? (
        <Text>{side === 'owner' ? t('pickupWindows.noneYetOwner') : t('pickupWindows.noneYet')}</Text>
      ) : side === 'requester' ? (
        <>
          <RadioGroup
            value={selected}
            onChange={(_, data) => setPicked(data.value)}
            aria-label={t('pickupWindows.pick')}
          >
            {p.windows.map((w) => (
              <Radio key={w.id} value={String(w.id)} label={windowLabel(w)} />
            ))}
          </RadioGroup>
          <div className={styles.actions}>
            <Button
              appearance="primary"
              disabled={!selected || busy}
              onClick={() =>
                void run(
                  () => actions.choose.mutateAsync(Number(selected)),
                  t('pickupWindows.chosenToast'),
                  landOnChoice,
                )
              }
            >
              {t('pickupWindows.pick')}
            </Button>
          </div>
        </>
      ) : (
        <Text>{t('pickupWindows.offered', { windows: p.windows.map(windowLabel).join(' / ') })}</Text>
      )}
      {p.proposal && <Text>{t('pickupWindows.proposal', { window: windowLabel(p.proposal) })}</Text>}
      <div className={styles.actions}>
        {side === 'owner' && p.proposal && (
          <Button
            appearance="primary"
            disabled={busy}
            onClick={() =>
              void run(() => actions.accept.mutateAsync(), t('pickupWindows.acceptedToast'), landOnChoice)
            }
          >
            {t('pickupWindows.accept')}
          </Button>
        )}
        {side === 'owner' && (
          <Button disabled={busy} onClick={() => setDialog('offer')} {...restoreFocus}>
            {p.windows.length ? t('pickupWindows.change') : t('pickupWindows.offer')}
          </Button>
        )}
        {side === 'requester' && p.windows.length > 0 && (
          <Button disabled={busy} onClick={() => setDialog('propose')} {...restoreFocus}>
            {t('pickupWindows.propose')}
          </Button>
        )}
      </div>
      {dialog === 'offer' && session.data && (
        <PickupOfferDialog
          mode="change"
          windowsRequired
          defaults={offerDraft(session.data.id, p.location ?? session.data.profile?.address ?? '')}
          busy={busy}
          onClose={() => setDialog(null)}
          onSubmit={(offer) =>
            void run(async () => {
              await actions.offer.mutateAsync(offer!);
              rememberOffer(session.data!.id, offer!);
            }, t('pickupWindows.offeredToast'))
          }
        />
      )}
      {dialog === 'propose' && (
        <ProposeDialog
          busy={busy}
          onClose={() => setDialog(null)}
          onSubmit={(w) => void run(() => actions.propose.mutateAsync(w), t('pickupWindows.proposedToast'))}
        />
      )}
    </section>
  );
}
