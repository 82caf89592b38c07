// Sort and filters of a product listing (docs/product.md §9): Prezzo crescente or
// decrescente, Nome A-Z or Z-A; Solo offerte, Solo marchio della cooperativa,
// and a tag. On a phone they fold under "Ordina e filtra" (a details element,
// so it opens before the island is ready and without JavaScript), and the
// first products are on the first screen; from 40rem they are always shown
// (catalogue.css).
import { useId } from 'react';
import { LineIcon } from '#src/components/LineIcon.tsx';
import type { Tag } from '#src/shared/contract/catalogue.ts';
import { SORT_OPTIONS, type ListingFilters, type SortValue } from './listing-query.ts';

interface ListingControlsProps {
  filters: ListingFilters;
  tags: Tag[];
  disabled: boolean;
  onChange: (filters: ListingFilters) => void;
  /** The tag is already the subject of the page (search by tag). */
  hideTag?: boolean;
}

export function ListingControls({ filters, tags, disabled, onChange, hideTag = false }: ListingControlsProps) {
  const id = useId();
  const chosen =
    Number(filters.sort !== null) +
    Number(!hideTag && filters.tag !== null) +
    Number(filters.onlyPromotions) +
    Number(filters.onlyBranded);
  return (
    <details className="listing-filters">
      <summary>
        <LineIcon>
          <path d="M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1" />
          <circle cx="15" cy="6" r="2" />
          <circle cx="9" cy="12" r="2" />
          <circle cx="17" cy="18" r="2" />
        </LineIcon>
        Ordina e filtra
        {chosen > 0 && (
          <span className="listing-filters__chosen">{` (${chosen} ${chosen === 1 ? 'scelta' : 'scelte'})`}</span>
        )}
      </summary>
      <div className="listing-controls" role="group" aria-label="Ordina e filtra">
        <div className="listing-controls__field">
          <label htmlFor={`${id}-sort`}>Ordina per</label>
          <select
            id={`${id}-sort`}
            value={filters.sort ?? ''}
            disabled={disabled}
            onChange={(e) => onChange({ ...filters, sort: (e.target.value || null) as SortValue | null })}
          >
            <option value="">Consigliati</option>
            {SORT_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        {!hideTag && tags.length > 0 && (
          <div className="listing-controls__field">
            <label htmlFor={`${id}-tag`}>Caratteristiche</label>
            <select
              id={`${id}-tag`}
              value={filters.tag ?? ''}
              disabled={disabled}
              onChange={(e) => onChange({ ...filters, tag: e.target.value ? Number(e.target.value) : null })}
            >
              <option value="">Tutte</option>
              {tags.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.description}
                </option>
              ))}
            </select>
          </div>
        )}
        <label className="listing-controls__check">
          <input
            type="checkbox"
            checked={filters.onlyPromotions}
            disabled={disabled}
            onChange={(e) => onChange({ ...filters, onlyPromotions: e.target.checked })}
          />
          Solo offerte
        </label>
        <label className="listing-controls__check">
          <input
            type="checkbox"
            checked={filters.onlyBranded}
            disabled={disabled}
            onChange={(e) => onChange({ ...filters, onlyBranded: e.target.checked })}
          />
          Solo marchio della cooperativa
        </label>
      </div>
    </details>
  );
}
