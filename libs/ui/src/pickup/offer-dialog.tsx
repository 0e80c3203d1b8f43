import { useState, type ReactNode } from 'react';
import { Button, Field, Input, Link, makeStyles, Select, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { isMessageKey, pickupOfferSchema, requestLimits, type PickupOfferInput } from '@medrelay/contracts';
import { addDays, cairoClockRepeats, cairoToday } from '@medrelay/domain/calendar';
import {
  checkWindow,
  isInEgypt,
  mapLink,
  pickupWindowLimits,
  windowEndChoices,
  type WindowEndChoice,
} from '@medrelay/domain/pickup-windows';
import { FormDialog } from '../components/form-dialog';
import { DateField } from '../forms/date-field';
import { freshWindow, type OfferDraft, type WindowDraft } from './last-offer';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  // The day on its own line, the two times side by side under it: nothing overlaps at 360 px.
  // "To" gets the larger share: past midnight it reads "01:30 (next day)", clipped at half width.
  window: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)',
    gap: tokens.spacingHorizontalS,
    alignItems: 'end',
  },
  day: { gridColumn: '1 / -1', minWidth: 0 },
  // Controls keep their own width (a select's longest option, an input's size) unless told not to.
  time: { minWidth: 0, '& select': { minWidth: 0, width: '100%' } },
  pins: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
    gap: tokens.spacingHorizontalS,
  },
  pin: {
    minWidth: 0,
    '& .fui-Input': { minWidth: 0, width: '100%' },
    '& input': { minWidth: 0, width: '100%' },
  },
});

/** Every half hour, 24-hour clock with Latin digits in both languages. */
const times = Array.from(
  { length: 48 },
  (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
);

/** A "to" choice as the select holds it: the next day's times carry a `+`. */
const endValue = (c: WindowEndChoice) => (c.nextDay ? `+${c.to}` : c.to);

/** A window's end as chosen: `toDate` the next day for a time past midnight (empty until a day is chosen). */
function withEnd(value: WindowDraft, choice: WindowEndChoice): WindowDraft {
  const { toDate: _old, ...rest } = value;
  return choice.nextDay
    ? { ...rest, to: choice.to, toDate: value.date ? addDays(value.date, 1) : '' }
    : { ...rest, to: choice.to };
}

/** A schema issue's message key shown in the page's language. */
export function useIssueText() {
  const { t } = useTranslation('common');
  return (key: string | undefined) =>
    key ? (isMessageKey(key) ? t(`messages:${key}`) : t('messages:invalidInput')) : undefined;
}

/** One window: a Cairo day, from and to. */
export function WindowFields({
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
  // "To" goes on after "from", past midnight into the next day (a pharmacy open late).
  const ends = windowEndChoices(value.from);
  const nextDay = value.toDate !== undefined;
  const current = ends.find((c) => c.to === value.to && c.nextDay === nextDay);
  const setFrom = (from: string) => {
    const next = { ...value, from };
    const still = windowEndChoices(from).find((c) => c.to === value.to && c.nextDay === nextDay);
    // A "to" no longer after "from" moves to two hours after it.
    onChange(withEnd(next, still ?? windowEndChoices(from)[3] ?? windowEndChoices(from).at(-1)!));
  };
  const setDate = (date: string) =>
    onChange(nextDay ? { ...value, date, toDate: date ? addDays(date, 1) : '' } : { ...value, date });
  // The evening summer time ends, 23:00–23:59 comes twice: say which one the window means.
  const repeats =
    !!value.date &&
    (cairoClockRepeats(value.date, value.from) || (!nextDay && cairoClockRepeats(value.date, value.to)));
  return (
    <div className={styles.window} role="group" aria-label={label}>
      <Field className={styles.day} label={label} validationMessage={error}>
        <DateField value={value.date} onChange={setDate} min={cairoToday()} />
      </Field>
      <Field className={styles.time} label={t('pickupWindows.from')}>
        <Select value={value.from} onChange={(_, data) => setFrom(data.value)}>
          {times.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </Select>
      </Field>
      <Field className={styles.time} label={t('pickupWindows.to')}>
        <Select
          value={current ? endValue(current) : ''}
          onChange={(_, data) => {
            const choice = ends.find((c) => endValue(c) === data.value);
            if (choice) onChange(withEnd(value, choice));
          }}
        >
          {!current && <option value="">{value.to}</option>}
          {ends.map((c) => (
            <option key={endValue(c)} value={endValue(c)}>
              {c.nextDay ? t('pickupWindows.toNextDay', { time: c.to }) : c.to}
            </option>
          ))}
        </Select>
      </Field>
      {repeats && (
        <Text size={200} className={styles.day}>
          {t('pickupWindows.clocksGoBack')}
        </Text>
      )}
    </div>
  );
}

/**
 * Pickup windows and place (one pickup mechanism). On approval ("Set Pickup Details",
 * spec §5) it opens filled with the owner's last offer, so approving is two taps; a donor's
 * listing needs a window, a pharmacy may approve with none (collection at the pharmacy). Also
 * how an owner changes the windows later. Checked by the contract's schema, as the API will.
 */
export function PickupOfferDialog({
  mode,
  windowsRequired,
  defaults,
  busy,
  summary,
  onSubmit,
  onClose,
}: {
  mode: 'approve' | 'change';
  /** What is being approved, above the pickup fields (the units and the price they are approved at). */
  summary?: ReactNode;
  /** At least one window (a donor's listing, or changing an offer). */
  windowsRequired: boolean;
  defaults: OfferDraft;
  busy?: boolean;
  /** The offer, or null for a pharmacy's approval without windows. */
  onSubmit: (offer: PickupOfferInput | null) => void;
  onClose: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const issue = useIssueText();
  const [windows, setWindows] = useState<WindowDraft[]>(defaults.windows);
  const [location, setLocation] = useState(defaults.location);
  const [lat, setLat] = useState(defaults.lat);
  const [lng, setLng] = useState(defaults.lng);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const number = (text: string) => (text.trim() ? Number(text.replace(',', '.')) : null);
  const offer: PickupOfferInput = { windows, location, lat: number(lat), lng: number(lng) };
  const minWindows = windowsRequired ? pickupWindowLimits.min : 0;
  const submit = () => {
    if (windows.length === 0) return onSubmit(null);
    const parsed = pickupOfferSchema.safeParse(offer);
    const found: Record<string, string> = {};
    for (const i of parsed.error?.issues ?? []) found[i.path.slice(0, 2).join('.')] ??= i.message;
    // A window already over (Cairo time), as the API would refuse it.
    windows.forEach((w, i) => {
      const checked = checkWindow(w);
      if ('problem' in checked) found[`windows.${i}`] ??= checked.problem;
    });
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(offer);
  };
  const addWindow = () => {
    const last = windows.at(-1);
    setWindows([
      ...windows,
      last ? { ...last, date: last.date ? addDays(last.date, 1) : '' } : freshWindow(),
    ]);
  };
  const pinOk = offer.lat != null && offer.lng != null && isInEgypt(offer.lat, offer.lng);
  return (
    <FormDialog
      title={mode === 'approve' ? t('pickup.title') : t('pickupWindows.offerTitle')}
      submitLabel={mode === 'approve' ? t('pickup.approve') : t('pickupWindows.offer')}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
    >
      {summary}
      <Text>
        {mode === 'change'
          ? t('pickupWindows.offerHint')
          : t(defaults.remembered ? 'pickup.approveHint' : 'pickup.approveHintFirst')}
      </Text>
      {windows.map((w, i) => (
        <div key={i} className={styles.panel}>
          <WindowFields
            label={t('pickupWindows.window', { n: i + 1 })}
            value={w}
            onChange={(next) => setWindows(windows.map((x, j) => (j === i ? next : x)))}
            error={issue(errors[`windows.${i}`])}
          />
          {windows.length > minWindows && (
            <Button appearance="subtle" onClick={() => setWindows(windows.filter((_, j) => j !== i))}>
              {t('pickupWindows.remove', { n: i + 1 })}
            </Button>
          )}
        </div>
      ))}
      {errors.windows && <Text role="alert">{issue(errors.windows)}</Text>}
      {windows.length === 0 && <Text data-testid="no-windows">{t('pickup.noWindows')}</Text>}
      {windows.length < pickupWindowLimits.max && (
        <Button onClick={addWindow}>
          {t(windows.length ? 'pickupWindows.add' : 'pickupWindows.addFirst')}
        </Button>
      )}
      {windows.length > 0 && (
        <>
          <Field label={t('pickup.location')} required validationMessage={issue(errors.location)}>
            <Input
              dir="auto"
              maxLength={requestLimits.pickupLocationMax}
              value={location}
              onChange={(_, data) => setLocation(data.value)}
            />
          </Field>
          <Text size={200}>{t('pickupWindows.pinHint')}</Text>
          <div className={styles.pins}>
            <Field
              className={styles.pin}
              label={t('pickupWindows.lat')}
              validationMessage={issue(errors.lat)}
            >
              <Input inputMode="decimal" dir="ltr" value={lat} onChange={(_, data) => setLat(data.value)} />
            </Field>
            <Field
              className={styles.pin}
              label={t('pickupWindows.lng')}
              validationMessage={issue(errors.lng)}
            >
              <Input inputMode="decimal" dir="ltr" value={lng} onChange={(_, data) => setLng(data.value)} />
            </Field>
          </div>
          {pinOk && (
            <Link href={mapLink(offer.lat!, offer.lng!)} target="_blank" rel="noopener noreferrer">
              {t('pickupWindows.map')}
            </Link>
          )}
        </>
      )}
    </FormDialog>
  );
}
