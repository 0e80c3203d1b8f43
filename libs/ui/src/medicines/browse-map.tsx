import { useEffect, useRef } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import L from 'leaflet';
import 'leaflet.markercluster';
import clusterCss from 'leaflet.markercluster/dist/MarkerCluster.css?raw';
import clusterLookCss from 'leaflet.markercluster/dist/MarkerCluster.Default.css?raw';
import type { Medicine } from '@medrelay/contracts';
import { areaOf, governorateCapitals } from '@medrelay/domain/governorates';
import type { LatLng } from '@medrelay/domain/pickup-points';
import { addMapStyles, addTiles, addZoomButtons, type ZoomLabels } from '../location/map-kit';

// The browse map: this chunk (Leaflet, its cluster plugin and their styles) loads only
// when someone opens the map, so the landing page and first screens do not carry it.

/** Our markers take the role theme's colours (Fluent's tokens are CSS variables around the map). */
const markerCss = `.medrelay-listing-marker span{display:block;box-sizing:border-box;width:22px;height:22px;
border-radius:50%;background:var(--colorBrandBackground);border:3px solid var(--colorNeutralBackground1);
box-shadow:var(--shadow4)}
.medrelay-listing-marker:focus-visible span{outline:2px solid var(--colorStrokeFocus2)}
.medrelay-origin{stroke:var(--colorNeutralForeground1);fill:var(--colorBrandBackground2)}`;

/**
 * Where a listing shows on the map: its area's centre (else its governorate's capital). Never the
 * owner's pin: browse answers do not carry it before an approval, and neither does the map.
 */
export function markerPoint(medicine: Pick<Medicine, 'pickupPlace'>): LatLng | null {
  const { area, governorate } = medicine.pickupPlace;
  const key = area ?? (governorate ? governorateCapitals[governorate] : null);
  if (!key) return null;
  const { lat, lng } = areaOf(key);
  return { lat, lng };
}

const useStyles = makeStyles({
  map: {
    width: '100%',
    height: '100%',
    minHeight: '320px',
    borderRadius: tokens.borderRadiusMedium,
    // Leaflet's panes sit above Fluent's surfaces otherwise (dialogs, menus).
    isolation: 'isolate',
    zIndex: 0,
  },
});

/**
 * The listings of the page as markers at their areas, clustered (listings of one area share a
 * point: a tap on the cluster spreads them), and the caller's point. Tapping a listing's marker
 * (or Enter on it) opens it.
 */
export default function BrowseMap({
  items,
  origin,
  label,
  zoomLabels,
  openLabel,
  onOpen,
}: {
  items: Medicine[];
  origin: LatLng | null;
  label: string;
  zoomLabels: ZoomLabels;
  openLabel: (medicine: Medicine) => string;
  onOpen: (medicine: Medicine) => void;
}) {
  const styles = useStyles();
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.MarkerClusterGroup | null>(null);
  const here = useRef<L.LayerGroup | null>(null);
  const open = useRef(onOpen);
  open.current = onOpen;
  // The markers are drawn again only when what they show changes: the screen re-renders with
  // equal items and a new origin object often (a refetch, the snapped point), and redrawing then
  // re-fitted the map and moved every marker under the user's finger.
  const shown = useRef({ items, origin, openLabel, zoomLabels });
  shown.current = { items, origin, openLabel, zoomLabels };
  const drawn = [
    origin ? `${origin.lat},${origin.lng}` : '',
    ...items.map((m) => `${m.id}:${m.pickupPlace.area ?? m.pickupPlace.governorate ?? ''}:${openLabel(m)}`),
  ].join('|');

  useEffect(() => {
    addMapStyles('browse', `${clusterCss}\n${clusterLookCss}\n${markerCss}`);
    let gone = false;
    // The cluster plugin needs the zoom bounds before any tiles arrive.
    const created = L.map(element.current!, {
      markerZoomAnimation: false,
      zoomControl: false,
      attributionControl: true,
      minZoom: 4,
      maxZoom: 18,
    });
    addZoomButtons(created, shown.current.zoomLabels);
    map.current = created;
    // No cluster animations: a marker that glides after a zoom is missed by the finger that
    // aimed at it (and by a loaded phone's slow frames).
    layer.current = L.markerClusterGroup({
      showCoverageOnHover: false,
      maxClusterRadius: 40,
      animate: false,
      animateAddingMarkers: false,
    });
    created.addLayer(layer.current);
    here.current = L.layerGroup().addTo(created);
    created.setView([26.8, 30.8], 5);
    addTiles(created, () => gone);
    return () => {
      gone = true;
      created.remove();
      map.current = null;
      layer.current = null;
      here.current = null;
    };
  }, []);

  useEffect(() => {
    const created = map.current;
    const group = layer.current;
    if (!created || !group || !here.current) return;
    const { items, origin, openLabel } = shown.current;
    group.clearLayers();
    here.current.clearLayers();
    const points: L.LatLngExpression[] = [];
    for (const medicine of items) {
      const at = markerPoint(medicine);
      if (!at) continue;
      const marker = L.marker([at.lat, at.lng], {
        title: openLabel(medicine),
        alt: openLabel(medicine),
        keyboard: true,
        icon: L.divIcon({ className: 'medrelay-listing-marker', html: '<span></span>', iconSize: [22, 22] }),
      });
      marker.on('click', () => open.current(medicine));
      marker.on('keypress', (event: L.LeafletKeyboardEvent) => {
        if (event.originalEvent.key === 'Enter') open.current(medicine);
      });
      group.addLayer(marker);
      points.push([at.lat, at.lng]);
    }
    if (origin) {
      L.circleMarker([origin.lat, origin.lng], { radius: 7, weight: 3, className: 'medrelay-origin' }).addTo(
        here.current,
      );
      points.push([origin.lat, origin.lng]);
    }
    // Without animation: markers are where they end up as soon as they can be tapped.
    if (points.length)
      created.fitBounds(L.latLngBounds(points), { padding: [24, 24], maxZoom: 12, animate: false });
  }, [drawn]);

  return (
    <div ref={element} className={styles.map} role="region" aria-label={label} data-testid="browse-map" />
  );
}
