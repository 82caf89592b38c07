// Leaflet map of the stores (docs/product.md §2): a marker per store, the selected one
// highlighted. Leaflet needs a window, so it loads in the browser only; the
// markers are plain divs (no image assets), and a map whose tiles cannot load
// still shows them on a plain background. Stores of one town would overlap at
// the regional zoom, too close to tap one (WCAG 2.5.8 target size): they are
// grouped by leaflet.markercluster into one marker that says how many stores it
// holds and zooms in on a tap or Enter.
import { useEffect, useRef } from 'react';
import type { Map as LeafletMap, Marker, MarkerCluster, MarkerClusterGroup } from 'leaflet';
import type { Store } from '#src/shared/contract/stores.ts';
import { tiles } from './tiles.ts';

interface Props {
  stores: readonly Store[];
  selectedId: number | null;
  onSelect?: (id: number) => void;
  /** Accessible name of the map region. */
  label: string;
  /** Zoom when showing one store (or the selected one). */
  focusZoom?: number;
}

type Leaflet = typeof import('leaflet');

const REGIONS_CENTRE: [number, number] = [40.9, 16.6]; // Puglia and Basilicata

export default function StoreMap({ stores, selectedId, onSelect, label, focusZoom = 14 }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const state = useRef<{
    L: Leaflet;
    map: LeafletMap;
    layer: MarkerClusterGroup;
    markers: Map<number, Marker>;
    /** Runs a change of view now, or when the zoom under way ends: Leaflet drops a zoom asked for during another. */
    whenStill: (change: () => void) => void;
  } | null>(null);
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;
  const selectedRef = useRef(selectedId);
  selectedRef.current = selectedId;
  const ready = useRef<Promise<void> | null>(null);

  useEffect(() => {
    let cancelled = false;
    // Leaflet and its styles load with the map, not with the page.
    ready.current = Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')]).then(async ([module]) => {
      const L = (module as unknown as { default?: Leaflet }).default ?? module;
      // The plugin extends the global L that leaflet sets on window.
      await import('leaflet.markercluster');
      if (cancelled || !container.current) return;
      const map = L.map(container.current, { scrollWheelZoom: false, zoomControl: true, attributionControl: true });
      map.attributionControl.setPrefix(false);
      // A map has no layers until it has a view: start on the two regions.
      map.setView(REGIONS_CENTRE, 7);
      const tileLayer = L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 }).addTo(map);
      // Without tiles (offline, blocked) the markers stay on a plain background: say so once.
      tileLayer.once('tileerror', () => {
        const note = new L.Control({ position: 'bottomleft' });
        note.onAdd = () =>
          Object.assign(L.DomUtil.create('p', 'store-map__offline'), {
            textContent: 'Mappa di sfondo non disponibile',
          });
        note.addTo(map);
      });
      const layer = L.markerClusterGroup({
        showCoverageOnHover: false,
        // Its zoom animation (styled in stores.css) only for those who have not asked for less motion.
        animate: !window.matchMedia('(prefers-reduced-motion: reduce)').matches,
        maxClusterRadius: 48,
        spiderfyOnMaxZoom: true,
        iconCreateFunction: clusterIcon(L),
      }).addTo(map);
      let zooming = false;
      map.on('zoomanim', () => {
        zooming = true;
      });
      map.on('zoomend', () => {
        zooming = false;
      });
      const whenStill = (change: () => void) => (zooming ? map.once('zoomend', () => whenStill(change)) : change());
      state.current = { L, map, layer, markers: new Map(), whenStill };
      container.current.classList.add('store-map--ready');
    });
    return () => {
      cancelled = true;
      state.current?.map.remove();
      state.current = null;
    };
  }, []);

  // Markers follow the stores shown; the view fits them all.
  // biome-ignore lint/correctness/useExhaustiveDependencies: markers follow the stores shown; the selection is highlighted by its own effect below
  useEffect(() => {
    void ready.current?.then(() => {
      const s = state.current;
      if (!s) return;
      s.layer.clearLayers();
      s.markers.clear();
      for (const store of stores) {
        const icon = s.L.divIcon({
          className: 'store-marker',
          html: '<span class="store-marker__dot"></span>',
          iconSize: [30, 30],
          iconAnchor: [15, 15],
        });
        const marker = s.L.marker([store.address.latitude, store.address.longitude], {
          icon,
          title: store.name,
          keyboard: true,
          riseOnHover: true,
        });
        marker.on('click', () => onSelectRef.current?.(store.id));
        // A clustered marker has no element; it gets a new one each time its cluster opens.
        marker.on('add', () => {
          const el = marker.getElement();
          if (!el) return;
          el.dataset['storeId'] = String(store.id);
          el.setAttribute('aria-label', `${store.name}, ${store.address.town}`);
          mark(el, store.id === selectedRef.current);
        });
        s.markers.set(store.id, marker);
      }
      s.layer.addLayers([...s.markers.values()]);
      const points = stores.map((st) => [st.address.latitude, st.address.longitude] as [number, number]);
      s.whenStill(() => {
        if (points.length === 1) s.map.setView(points[0]!, focusZoom);
        else if (points.length > 1)
          s.map.fitBounds(s.L.latLngBounds(points), { padding: [30, 30], maxZoom: focusZoom });
        else s.map.setView(REGIONS_CENTRE, 7);
      });
      highlight(selectedId, false);
    });
  }, [stores]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: highlight() reads the map from a ref: only the selection is a reason to run
  useEffect(() => {
    void ready.current?.then(() => highlight(selectedId, true));
  }, [selectedId]);

  function highlight(id: number | null, pan: boolean) {
    const s = state.current;
    if (!s) return;
    for (const [storeId, marker] of s.markers) {
      const selected = storeId === id;
      const el = marker.getElement();
      if (el) mark(el, selected);
      marker.setZIndexOffset(selected ? 1000 : 0);
      // The selected store is taken out of its cluster (zooming in if need be) and centred, once
      // the map has stopped zooming (its first fit, say): a zoom asked for during another is lost,
      // and the store would stay in its group.
      if (selected && pan) s.whenStill(() => s.layer.zoomToShowLayer(marker, () => s.map.panTo(marker.getLatLng())));
    }
  }

  return <div ref={container} className="store-map" role="region" aria-label={label} />;
}

function mark(el: HTMLElement, selected: boolean) {
  el.classList.toggle('store-marker--selected', selected);
  el.setAttribute('aria-pressed', String(selected));
}

/** A group of stores: its count on the map, and its stores' names for screen readers. */
function clusterIcon(L: Leaflet) {
  return (cluster: MarkerCluster) => {
    const names = cluster.getAllChildMarkers().map((m) => escapeHtml(m.options.title ?? ''));
    return L.divIcon({
      className: 'store-cluster',
      html: `<span class="store-cluster__count" aria-hidden="true">${names.length}</span><span class="visually-hidden">${names.length} punti vendita: ${names.join(', ')}. Ingrandisci</span>`,
      iconSize: [40, 40],
      iconAnchor: [20, 20],
    });
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
