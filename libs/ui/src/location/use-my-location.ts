import { useCallback, useState } from 'react';
import { isInEgypt } from '@medrelay/domain/pickup-windows';
import { pinOf, type LatLng } from '@medrelay/domain/pickup-points';

export type LocationProblem = 'outsideEgypt' | 'locationDenied';

/**
 * "Use my location": the browser's geolocation, once, kept to a pin's precision. A
 * point outside Egypt (a VPN, a travelling laptop) is a problem, not a point: the caller chooses
 * an area instead.
 */
export function useMyLocation() {
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<LocationProblem | null>(null);
  const locate = useCallback(
    () =>
      new Promise<LatLng | null>((resolve) => {
        if (!('geolocation' in navigator)) {
          setProblem('locationDenied');
          resolve(null);
          return;
        }
        setLocating(true);
        setProblem(null);
        navigator.geolocation.getCurrentPosition(
          ({ coords }) => {
            setLocating(false);
            if (!isInEgypt(coords.latitude, coords.longitude)) {
              setProblem('outsideEgypt');
              resolve(null);
            } else resolve(pinOf({ lat: coords.latitude, lng: coords.longitude }));
          },
          () => {
            setLocating(false);
            setProblem('locationDenied');
            resolve(null);
          },
          { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
        );
      }),
    [],
  );
  return { locate, locating, problem };
}
