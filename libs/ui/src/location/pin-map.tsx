import { useEffect, useRef, type KeyboardEvent } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import L from 'leaflet';
import type { LatLng } from '@medrelay/domain/pickup-points';
import { addMapStyles, addTiles, addZoomButtons } from './map-kit';

// The map a pickup pin is chosen on: this chunk (Leaflet and its styles) loads only when someone
// opens it, so registration and settings do not carry it otherwise.

/** The pin in the role's colour; the area's centre (what counts without a pin) dashed. */
const pinCss = `.medrelay-pin{stroke:var(--colorNeutralBackground1);fill:var(--colorBrandBackground);fill-opacity:1}
.medrelay-unpinned{stroke:var(--colorBrandForeground1);stroke-dasharray:4 3;fill:var(--colorBrandBackground2);fill-opacity:.6}
.medrelay-pin-map:focus-visible::after{content:'';position:absolute;left:50%;top:50%;width:16px;height:16px;
margin:-10px 0 0 -10px;border:2px solid var(--colorStrokeFocus2);border-radius:50%;z-index:1000;pointer-events:none}`;

const useStyles = makeStyles({
  map: {
    width: '100%',
    height: '280px',
    borderRadius: tokens.borderRadiusMedium,
    // Leaflet's panes sit above Fluent's surfaces otherwise (dialogs, menus).
    isolation: 'isolate',
    zIndex: 0,
  },
});

const key = (point: LatLng | null) => (point ? `${point.lat},${point.lng}` : '');

/**
 * A tap or click on the map is a pin; with the keyboard, the arrow keys move the map and Enter
 * (or Space) pins its centre (a ring marks it while the map has focus). The pin shows as a dot;
 * without one, the point that counts instead (`unpinned`) shows dashed. The map opens at `view`
 * and moves only when the pin is cleared, set from elsewhere out of sight, or the area changes.
 */
export default function PinMap({
  pin,
  unpinned,
  view,
  labels,
  describedBy,
  onTap,
}: {
  pin: LatLng | null;
  unpinned: LatLng | null;
  view: { centre: LatLng; zoom: number };
  /** The map's accessible name and its zoom buttons', in the page's language. */
  labels: { map: string; zoomIn: string; zoomOut: string };
  describedBy: string;
  onTap: (point: LatLng) => void;
}) {
  const styles = useStyles();
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marks = useRef<L.LayerGroup | null>(null);
  const tap = useRef(onTap);
  tap.current = onTap;
  const shown = useRef({ pin, unpinned, view, labels });
  shown.current = { pin, unpinned, view, labels };
  const drawn = `${key(pin)}|${key(unpinned)}`;

  useEffect(() => {
    addMapStyles('pin', pinCss);
    let gone = false;
    const created = L.map(element.current!, {
      zoomControl: false,
      attributionControl: true,
      minZoom: 5,
      maxZoom: 18,
      // The map is where it ends up as soon as it can be tapped again (no glide under the finger).
      zoomAnimation: false,
    });
    addZoomButtons(created, shown.current.labels);
    const { centre, zoom } = shown.current.view;
    created.setView([centre.lat, centre.lng], zoom, { animate: false });
    marks.current = L.layerGroup().addTo(created);
    created.on('click', (event: L.LeafletMouseEvent) =>
      tap.current({ lat: event.latlng.lat, lng: event.latlng.lng }),
    );
    addTiles(created, () => gone);
    map.current = created;
    return () => {
      gone = true;
      created.remove();
      map.current = null;
      marks.current = null;
    };
  }, []);

  // The marks drawn again when what they show changes; the map follows a point it cannot show.
  useEffect(() => {
    const created = map.current;
    const group = marks.current;
    if (!created || !group) return;
    const { pin, unpinned, view } = shown.current;
    group.clearLayers();
    if (pin) {
      L.circleMarker([pin.lat, pin.lng], { radius: 9, weight: 3, className: 'medrelay-pin' }).addTo(group);
      if (!created.getBounds().contains([pin.lat, pin.lng]))
        created.setView([pin.lat, pin.lng], Math.max(created.getZoom(), 15), { animate: false });
    } else {
      if (unpinned)
        L.circleMarker([unpinned.lat, unpinned.lng], {
          radius: 9,
          weight: 2,
          interactive: false,
          className: 'medrelay-unpinned',
        }).addTo(group);
      created.setView([view.centre.lat, view.centre.lng], view.zoom, { animate: false });
    }
  }, [drawn]);

  // Enter on the map itself (not on its zoom buttons or links) pins the centre.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || !map.current) return;
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    const { lat, lng } = map.current.getCenter();
    tap.current({ lat, lng });
  };

  return (
    <div
      ref={element}
      className={`${styles.map} medrelay-pin-map`}
      role="region"
      aria-label={labels.map}
      aria-describedby={describedBy}
      onKeyDown={onKeyDown}
      data-testid="pin-map"
    />
  );
}
