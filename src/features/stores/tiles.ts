// Where the store maps take their tiles: TILE_URL (and TILE_ATTRIBUTION) of
// the build's environment, OpenStreetMap's own tiles by default.
export interface TileSource {
  url: string;
  attribution: string;
}

declare const __SPESA_TILES__: TileSource | undefined;

export const tiles: TileSource =
  typeof __SPESA_TILES__ !== 'undefined'
    ? __SPESA_TILES__
    : {
        url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
      };
