// "Usa la mia posizione" (docs/product.md §2): asks the browser for the position and
// hands it on; a refusal or failure leaves the list as it is, with a note. The store
// locator and the store chooser of cart creation both sort by it.
import { useState } from 'react';

export interface Position {
  lat: number;
  lon: number;
}

export type GeoStatus = 'idle' | 'asking' | 'granted' | 'refused';

export function useGeolocation(onPosition: (p: Position) => void) {
  const [status, setStatus] = useState<GeoStatus>('idle');
  const [note, setNote] = useState<string | null>(null);

  function ask() {
    if (!('geolocation' in navigator)) {
      setStatus('refused');
      setNote('Il browser non può indicare la tua posizione: cerca il punto vendita per città.');
      return;
    }
    setStatus('asking');
    setNote(null);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setStatus('granted');
        onPosition({ lat: p.coords.latitude, lon: p.coords.longitude });
      },
      (e) => {
        setStatus('refused');
        setNote(
          e.code === e.PERMISSION_DENIED
            ? 'Non hai consentito l’accesso alla posizione: i punti vendita restano in ordine alfabetico.'
            : 'Non è stato possibile trovare la tua posizione: i punti vendita restano in ordine alfabetico.',
        );
      },
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 },
    );
  }

  return { status, note, ask };
}
