// Leaflet map of the stores (spec §2): a marker per store, the selected one
// highlighted. Leaflet needs a window, so it loads in the browser only; the
// markers are plain divs (no image assets), and a map whose tiles cannot load
// still shows them on a plain background.
import { useEffect, useRef } from 'react';
import type { LayerGroup, Map as LeafletMap, Marker } from 'leaflet';
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
  const state = useRef<{ L: Leaflet; map: LeafletMap; layer: LayerGroup; markers: Map<number, Marker> } | null>(null);
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;
  const ready = useRef<Promise<void> | null>(null);

  useEffect(() => {
    let cancelled = false;
    // Leaflet and its styles load with the map, not with the page.
    ready.current = Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')]).then(([module]) => {
      const L = (module as unknown as { default?: Leaflet }).default ?? module;
      if (cancelled || !container.current) return;
      const map = L.map(container.current, { scrollWheelZoom: false, zoomControl: true, attributionControl: true });
      map.attributionControl.setPrefix(false);
      // A map has no layers until it has a view: start on the two regions.
      map.setView(REGIONS_CENTRE, 7);
      const tileLayer = L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 }).addTo(map);
      // Without tiles (offline, blocked) the markers stay on a plain background: say so once.
      tileLayer.once('tileerror', () => {
        const note = new L.Control({ position: 'bottomleft' });
        note.onAdd = () => Object.assign(L.DomUtil.create('p', 'store-map__offline'), { textContent: 'Mappa di sfondo non disponibile' });
        note.addTo(map);
      });
      state.current = { L, map, layer: L.layerGroup().addTo(map), markers: new Map() };
      container.current.classList.add('store-map--ready');
    });
    return () => {
      cancelled = true;
      state.current?.map.remove();
      state.current = null;
    };
  }, []);

  // Markers follow the stores shown; the view fits them all.
  useEffect(() => {
    void ready.current?.then(() => {
      const s = state.current;
      if (!s) return;
      s.layer.clearLayers();
      s.markers.clear();
      for (const store of stores) {
        const icon = s.L.divIcon({ className: 'store-marker', html: '<span class="store-marker__dot"></span>', iconSize: [30, 30], iconAnchor: [15, 15] });
        const marker = s.L.marker([store.address.latitude, store.address.longitude], { icon, title: store.name, keyboard: true, riseOnHover: true });
        marker.on('click', () => onSelectRef.current?.(store.id));
        marker.addTo(s.layer);
        const el = marker.getElement();
        if (el) {
          el.dataset['storeId'] = String(store.id);
          el.setAttribute('aria-label', `${store.name}, ${store.address.town}`);
        }
        s.markers.set(store.id, marker);
      }
      const points = stores.map((st) => [st.address.latitude, st.address.longitude] as [number, number]);
      if (points.length === 1) s.map.setView(points[0]!, focusZoom);
      else if (points.length > 1) s.map.fitBounds(s.L.latLngBounds(points), { padding: [30, 30], maxZoom: focusZoom });
      else s.map.setView(REGIONS_CENTRE, 7);
      highlight(selectedId, false);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stores]);

  useEffect(() => {
    void ready.current?.then(() => highlight(selectedId, true));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedId]);

  function highlight(id: number | null, pan: boolean) {
    const s = state.current;
    if (!s) return;
    for (const [storeId, marker] of s.markers) {
      const selected = storeId === id;
      marker.getElement()?.classList.toggle('store-marker--selected', selected);
      marker.getElement()?.setAttribute('aria-pressed', String(selected));
      marker.setZIndexOffset(selected ? 1000 : 0);
      if (selected && pan) s.map.panTo(marker.getLatLng());
    }
  }

  return <div ref={container} className="store-map" role="region" aria-label={label} />;
}
