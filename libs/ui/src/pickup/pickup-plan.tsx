import { useState } from 'react';
import {
  Button,
  Field,
  Input,
  Link,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Select,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { usePickupActions, usePickupPlan, useSession } from '@medrelay/api-client';
import {
  isMessageKey,
  pickupOfferSchema,
  pickupWindowInputSchema,
  requestLimits,
  type MedicineRequest,
  type PickupOfferInput,
  type PickupWindow,
} from '@medrelay/contracts';
import { cairoToday } from '@medrelay/domain/calendar';
import { isInEgypt, mapLink, pickupWindowLimits } from '@medrelay/domain/pickup-windows';
import { FormDialog } from '../components/form-dialog';
import { DateField } from '../forms/date-field';
import { useNotify } from '../use-notify';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'end', gap: tokens.spacingHorizontalS },
  day: { flex: '1 1 150px', minWidth: 0 },
  time: { flex: '0 1 96px', minWidth: 0 },
  pin: { flex: '1 1 120px', minWidth: 0 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

/** Every half hour, 24-hour clock with Latin digits in both languages (as the pickup dialog). */
const times = Array.from(
  { length: 48 },
  (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
);

interface WindowDraft {
  date: string;
  from: string;
  to: string;
}
const blankWindow = (): WindowDraft => ({ date: '', from: '10:00', to: '12:00' });

/** A schema issue's message key shown in the page's language. */
function useIssueText() {
  const { t } = useTranslation('common');
  return (key: string | undefined) =>
    key ? (isMessageKey(key) ? t(`messages:${key}`) : t('messages:invalidInput')) : undefined;
}

/** One window: a Cairo day, from and to. */
function WindowFields({
  value,
  onChange,
  label,
  error,
}: {
  value: WindowDraft;
  onChange: (next: WindowDraft) => void;
  label: string;
  error?: string;
}) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  return (
    <div className={styles.row} role="group" aria-label={label}>
      <Field className={styles.day} label={label} validationMessage={error}>
        <DateField value={value.date} onChange={(date) => onChange({ ...value, date })} min={cairoToday()} />
      </Field>
      {(['from', 'to'] as const).map((part) => (
        <Field key={part} className={styles.time} label={t(`pickupWindows.${part}`)}>
          <Select value={value[part]} onChange={(_, data) => onChange({ ...value, [part]: data.value })}>
            {times.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        </Field>
      ))}
    </div>
  );
}

/**
 * The owner's offer (issue 18): 1–3 windows, the place (prefilled from the profile address) and
 * an optional map pin, checked by the contract's schema as the API will.
 */
export function PickupOfferDialog({
  defaultLocation,
  busy,
  onSubmit,
  onClose,
}: {
  defaultLocation: string;
  busy?: boolean;
  onSubmit: (offer: PickupOfferInput) => void;
  onClose: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const issue = useIssueText();
  const [windows, setWindows] = useState<WindowDraft[]>([blankWindow()]);
  const [location, setLocation] = useState(defaultLocation);
  const [lat, setLat] = useState('');
  const [lng, setLng] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const number = (text: string) => (text.trim() ? Number(text.replace(',', '.')) : null);
  const offer: PickupOfferInput = { windows, location, lat: number(lat), lng: number(lng) };
  const submit = () => {
    const parsed = pickupOfferSchema.safeParse(offer);
    if (parsed.success) {
      setErrors({});
      return onSubmit(offer);
    }
    const found: Record<string, string> = {};
    for (const i of parsed.error.issues) found[i.path.slice(0, 2).join('.')] ??= i.message;
    setErrors(found);
  };
  const pinOk = offer.lat != null && offer.lng != null && isInEgypt(offer.lat, offer.lng);
  return (
    <FormDialog
      title={t('pickupWindows.offerTitle')}
      submitLabel={t('pickupWindows.offer')}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
    >
      <Text>{t('pickupWindows.offerHint')}</Text>
      {windows.map((w, i) => (
        <div key={i} className={styles.panel}>
          <WindowFields
            label={t('pickupWindows.window', { n: i + 1 })}
            value={w}
            onChange={(next) => setWindows(windows.map((x, j) => (j === i ? next : x)))}
            error={issue(errors[`windows.${i}`])}
          />
          {windows.length > pickupWindowLimits.min && (
            <Button appearance="subtle" onClick={() => setWindows(windows.filter((_, j) => j !== i))}>
              {t('pickupWindows.remove', { n: i + 1 })}
            </Button>
          )}
        </div>
      ))}
      {errors.windows && <Text role="alert">{issue(errors.windows)}</Text>}
      {windows.length < pickupWindowLimits.max && (
        <Button onClick={() => setWindows([...windows, blankWindow()])}>{t('pickupWindows.add')}</Button>
      )}
      <Field label={t('pickup.location')} required validationMessage={issue(errors.location)}>
        <Input
          dir="auto"
          maxLength={requestLimits.pickupLocationMax}
          value={location}
          onChange={(_, data) => setLocation(data.value)}
        />
      </Field>
      <Text size={200}>{t('pickupWindows.pinHint')}</Text>
      <div className={styles.row}>
        <Field className={styles.pin} label={t('pickupWindows.lat')} validationMessage={issue(errors.lat)}>
          <Input inputMode="decimal" dir="ltr" value={lat} onChange={(_, data) => setLat(data.value)} />
        </Field>
        <Field className={styles.pin} label={t('pickupWindows.lng')} validationMessage={issue(errors.lng)}>
          <Input inputMode="decimal" dir="ltr" value={lng} onChange={(_, data) => setLng(data.value)} />
        </Field>
      </div>
      {pinOk && (
        <Link href={mapLink(offer.lat!, offer.lng!)} target="_blank" rel="noopener noreferrer">
          {t('pickupWindows.map')}
        </Link>
      )}
    </FormDialog>
  );
}

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

const windowText = (w: PickupWindow) => `${w.date} · ${w.from}–${w.to}`;

/**
 * The pickup plan on an approved request (issue 18), for either side: the owner offers windows
 * and accepts a proposal; the requester picks one or proposes another. Both see the choice, the
 * place with its map link, and a missed window.
 */
export function PickupPlanPanel({
  request,
  side,
}: {
  request: MedicineRequest;
  side: 'owner' | 'requester';
}) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const notify = useNotify();
  const approved = request.status === 'approved';
  const plan = usePickupPlan(request.id, approved);
  const actions = usePickupActions(request.id);
  const session = useSession();
  const [dialog, setDialog] = useState<'offer' | 'propose' | null>(null);
  const [picked, setPicked] = useState('');
  if (!approved || !plan.data) return null;
  const p = plan.data;
  // A requester whose owner gave no windows (an approval with pickup details only) sees those
  // details in the row already: nothing to pick here.
  if (side === 'requester' && p.windows.length === 0 && !p.chosen) return null;
  const run = async (action: () => Promise<unknown>, success: string) => {
    try {
      await action();
      notify.success(success);
      setDialog(null);
    } catch (error) {
      notify.failure(t('pickupWindows.failed'), error, t('pickupWindows.failed'));
    }
  };
  const busy = Object.values(actions).some((m) => m.isPending);
  return (
    <section className={styles.panel} aria-label={t('pickupWindows.title')} data-testid="pickup-plan">
      <Text weight="semibold">{t('pickupWindows.title')}</Text>
      {p.missedAt && (
        <MessageBar intent="warning">
          <MessageBarBody>{t('pickupWindows.missed')}</MessageBarBody>
        </MessageBar>
      )}
      {/* The place itself is in the row's pickup details (spec fields, filled from the offer). */}
      {p.mapUrl && (
        <Link href={p.mapUrl} target="_blank" rel="noopener noreferrer">
          {t('pickupWindows.map')}
        </Link>
      )}
      {p.chosen ? (
        <Text data-testid="pickup-chosen">{t('pickupWindows.chosen', { window: windowText(p.chosen) })}</Text>
      ) : p.windows.length === 0 ? (
        <Text>{side === 'owner' ? t('pickupWindows.noneYetOwner') : t('pickupWindows.noneYet')}</Text>
      ) : side === 'requester' ? (
        <>
          <RadioGroup
            value={picked}
            onChange={(_, data) => setPicked(data.value)}
            aria-label={t('pickupWindows.pick')}
          >
            {p.windows.map((w) => (
              <Radio key={w.id} value={String(w.id)} label={windowText(w)} />
            ))}
          </RadioGroup>
          <div className={styles.actions}>
            <Button
              appearance="primary"
              disabled={!picked || busy}
              onClick={() =>
                void run(() => actions.choose.mutateAsync(Number(picked)), t('pickupWindows.chosenToast'))
              }
            >
              {t('pickupWindows.pick')}
            </Button>
          </div>
        </>
      ) : (
        <Text>{t('pickupWindows.offered', { windows: p.windows.map(windowText).join(' / ') })}</Text>
      )}
      {p.proposal && <Text>{t('pickupWindows.proposal', { window: windowText(p.proposal) })}</Text>}
      <div className={styles.actions}>
        {side === 'owner' && p.proposal && (
          <Button
            appearance="primary"
            disabled={busy}
            onClick={() => void run(() => actions.accept.mutateAsync(), t('pickupWindows.acceptedToast'))}
          >
            {t('pickupWindows.accept')}
          </Button>
        )}
        {side === 'owner' && (
          <Button disabled={busy} onClick={() => setDialog('offer')}>
            {p.windows.length ? t('pickupWindows.change') : t('pickupWindows.offer')}
          </Button>
        )}
        {side === 'requester' && p.windows.length > 0 && (
          <Button disabled={busy} onClick={() => setDialog('propose')}>
            {t('pickupWindows.propose')}
          </Button>
        )}
      </div>
      {dialog === 'offer' && (
        <PickupOfferDialog
          defaultLocation={p.location ?? session.data?.profile?.address ?? ''}
          busy={busy}
          onClose={() => setDialog(null)}
          onSubmit={(offer) =>
            void run(() => actions.offer.mutateAsync(offer), t('pickupWindows.offeredToast'))
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
