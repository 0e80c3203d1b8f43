import { lazy, Suspense, useId, useState } from 'react';
import { Button, Field, makeStyles, Select, Spinner, Text, tokens } from '@fluentui/react-components';
import { LocationRegular, MapRegular } from '@fluentui/react-icons';
import type { FieldError, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  areas,
  areasOf,
  governorates,
  isArea,
  type AreaKey,
  type Governorate,
} from '@medrelay/domain/governorates';
import { placeChange, type LatLng } from '@medrelay/domain/pickup-points';
import { pinMapView, tapPin, unpinnedPoint } from '../location/pin-choice';
import { useMyLocation } from '../location/use-my-location';
import { fieldMessage } from './field-message';
import { GovernorateSelect } from './governorate-select';

// Leaflet loads with the map only, never with registration or settings themselves.
const PinMap = lazy(() => import('../location/pin-map'));

const useStyles = makeStyles({
  pin: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  pinText: { flexBasis: '100%' },
  coordinates: { direction: 'ltr', unicodeBidi: 'isolate' },
  map: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    marginBlockStart: tokens.spacingVerticalS,
  },
  mapWaiting: { height: '280px', display: 'flex', alignItems: 'center', justifyContent: 'center' },
});

export interface PickupPlace {
  governorate?: Governorate | null | undefined;
  area?: AreaKey | null | undefined;
  pin?: LatLng | null | undefined;
}

/**
 * An account's pickup point: governorate, area (the governorate's, or any when none is
 * chosen: choosing one sets its governorate) and an optional pin, from "Use my location" or a
 * tap on a map ("Choose on the map", loaded when opened). Controlled.
 */
export function PickupPlaceFields({
  value,
  onChange,
  messages = {},
}: {
  value: PickupPlace;
  onChange: (change: PickupPlace) => void;
  messages?: { governorate?: string | undefined; area?: string | undefined; pin?: string | undefined };
}) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const { locate, locating, problem } = useMyLocation();
  const [mapOpen, setMapOpen] = useState(false);
  // A tap outside Egypt: said as the server would say it, and no pin moved.
  const [tapProblem, setTapProblem] = useState<'pickupPinOutsideEgypt' | null>(null);
  const mapId = useId();
  const change = (next: PickupPlace) => onChange({ ...next, ...placeChange(value, next) });
  const setPin = (pin: LatLng | null) => {
    setTapProblem(null);
    onChange({ pin });
  };
  const choices = value.governorate ? areasOf(value.governorate) : areas;
  const pinProblem =
    messages.pin ??
    (tapProblem ? t(`messages:${tapProblem}`) : problem ? t(`placeField.${problem}`) : undefined);
  return (
    <>
      <GovernorateSelect
        value={value.governorate}
        onChange={(governorate) => change({ governorate })}
        validationMessage={messages.governorate}
      />
      <Field label={t('placeField.area')} hint={t('placeField.areaHint')} validationMessage={messages.area}>
        <Select
          value={value.area ?? ''}
          onChange={(_, data) => change({ area: isArea(data.value) ? data.value : null })}
        >
          <option value="">{t('placeField.areaNone')}</option>
          {value.governorate
            ? choices.map((a) => (
                <option key={a.key} value={a.key}>
                  {t(`area.${a.key}`)}
                </option>
              ))
            : governorates.map((g) => (
                <optgroup key={g} label={t(`governorate.${g}`)}>
                  {areasOf(g).map((a) => (
                    <option key={a.key} value={a.key}>
                      {t(`area.${a.key}`)}
                    </option>
                  ))}
                </optgroup>
              ))}
        </Select>
      </Field>
      <Field label={t('placeField.pin')} hint={t('placeField.pinHint')} validationMessage={pinProblem}>
        <div className={styles.pin}>
          {/* Said again when a tap or a location sets it. */}
          <Text className={styles.pinText} aria-live="polite" data-testid="pin-text">
            {value.pin ? (
              <span className={styles.coordinates}>
                {/* Not `lng`: i18next reads that option as the language. */}
                {t('placeField.pinSet', { latitude: value.pin.lat, longitude: value.pin.lng })}
              </span>
            ) : (
              t('placeField.pinNone')
            )}
          </Text>
          <Button
            icon={<LocationRegular />}
            disabledFocusable={locating}
            onClick={async () => {
              setTapProblem(null);
              const pin = await locate();
              if (pin) onChange({ pin });
            }}
          >
            {locating ? t('placeField.locating') : t('placeField.useMyLocation')}
          </Button>
          <Button
            icon={<MapRegular />}
            aria-expanded={mapOpen}
            aria-controls={mapOpen ? mapId : undefined}
            onClick={() => setMapOpen((open) => !open)}
          >
            {mapOpen ? t('placeField.hideMap') : t('placeField.chooseOnMap')}
          </Button>
          {value.pin && (
            <Button appearance="subtle" onClick={() => setPin(null)}>
              {t('placeField.removePin')}
            </Button>
          )}
        </div>
        {mapOpen && (
          <div id={mapId} className={styles.map}>
            <Text size={200} id={`${mapId}-hint`}>
              {t('placeField.mapHint')}
            </Text>
            <Suspense
              fallback={
                <div className={styles.mapWaiting}>
                  <Spinner size="small" label={t('placeField.mapLoading')} />
                </div>
              }
            >
              <PinMap
                pin={value.pin ?? null}
                unpinned={unpinnedPoint(value)}
                view={pinMapView(value)}
                labels={{
                  map: t('placeField.mapLabel'),
                  zoomIn: t('map.zoomIn'),
                  zoomOut: t('map.zoomOut'),
                }}
                describedBy={`${mapId}-hint`}
                onTap={(point) => {
                  const tapped = tapPin(point);
                  if ('pin' in tapped) setPin(tapped.pin);
                  else setTapProblem(tapped.problem);
                }}
              />
            </Suspense>
          </div>
        )}
      </Field>
    </>
  );
}

/**
 * The pickup point fields of a react-hook-form form that holds `governorate`, `area` and `pin`
 * (registration, account settings): its values shown, a change marked dirty, its errors said
 * (a pin's own, or the first of its coordinates').
 */
export function FormPickupPlaceFields<T extends PickupPlace, R>({
  form,
}: {
  form: UseFormReturn<T, unknown, R>;
}) {
  const { t } = useTranslation('common');
  // Read by name: every form given here has these three fields (T extends PickupPlace).
  const place = form as unknown as UseFormReturn<PickupPlace>;
  const errors = place.formState.errors;
  return (
    <PickupPlaceFields
      value={{ governorate: place.watch('governorate'), area: place.watch('area'), pin: place.watch('pin') }}
      onChange={(change) => {
        const options = { shouldDirty: true };
        if (change.governorate !== undefined) place.setValue('governorate', change.governorate, options);
        if (change.area !== undefined) place.setValue('area', change.area, options);
        if (change.pin !== undefined) place.setValue('pin', change.pin, options);
      }}
      messages={{
        governorate: fieldMessage(t, errors.governorate),
        area: fieldMessage(t, errors.area),
        pin: fieldMessage(t, (errors.pin?.lat ?? errors.pin?.lng ?? errors.pin) as FieldError | undefined),
      }}
    />
  );
}
