import L from 'leaflet';
import leafletCss from 'leaflet/dist/leaflet.css?raw';

// What every map chunk shares (browse's and the pickup pin's): Leaflet's stylesheet and the
// tiles the gateway names. Imported only by lazily loaded map modules, so Leaflet stays out of
// the first screens' bundles.

/** Where the tiles come from: the gateway says (`MAP_TILE_URL`; a local tile set by default). */
interface MapConfig {
  tileUrl: string;
  attribution: string;
  maxZoom: number;
}

const added = new Set<string>();

/** Puts a map stylesheet (Leaflet's, then the map's own) in the page, once each. */
export function addMapStyles(name: string, css: string) {
  for (const [key, text] of [
    ['leaflet', leafletCss],
    [name, css],
  ] as const) {
    if (added.has(key)) continue;
    added.add(key);
    const style = document.createElement('style');
    style.dataset.map = key;
    style.textContent = text;
    document.head.append(style);
  }
}

let config: Promise<MapConfig> | undefined;
const mapConfig = () =>
  (config ??= fetch('/map/config.json')
    .then((res) =>
      res.ok ? (res.json() as Promise<MapConfig>) : Promise.reject(new Error(String(res.status))),
    )
    .catch((error: unknown) => {
      config = undefined;
      throw error;
    }));

/** Adds the tiles once the gateway has said where they are (unless the map is gone by then). */
export function addTiles(map: L.Map, gone: () => boolean) {
  mapConfig().then(
    (c) => {
      if (!gone()) L.tileLayer(c.tileUrl, { attribution: c.attribution, maxZoom: c.maxZoom }).addTo(map);
    },
    () => undefined, // No tiles: the markers still show where things are.
  );
}

/** The zoom buttons' names, in the page's language (Leaflet's own are English). */
export interface ZoomLabels {
  zoomIn: string;
  zoomOut: string;
}

/** Zoom buttons named in the page's language (the map is made with `zoomControl: false`). */
export function addZoomButtons(map: L.Map, { zoomIn, zoomOut }: ZoomLabels) {
  L.control.zoom({ zoomInTitle: zoomIn, zoomOutTitle: zoomOut }).addTo(map);
}
