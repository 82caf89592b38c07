// Categories overlay of docs/product.md §2 (mobile): a favourites entry and the
// top-level categories, as a modal dialog opened from the header.
import { useStore } from '@nanostores/react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { LineIcon } from '#src/components/LineIcon.tsx';
import { $overlay, openOverlay } from '#src/shop/session.store.ts';

export interface MenuCategory {
  description: string;
  href: string;
}

export default function CategoriesMenu({
  categories,
  favoritesHref,
}: {
  categories: MenuCategory[];
  favoritesHref: string;
}) {
  const overlay = useStore($overlay);
  return (
    <>
      <button
        type="button"
        className="header-action"
        aria-haspopup="dialog"
        aria-label="Categorie"
        onClick={() => openOverlay('categories')}
      >
        <LineIcon strokeWidth={2.2}>
          <path d="M4 6h16M4 12h16M4 18h16" />
        </LineIcon>
      </button>
      <ModalOverlay
        className="overlay"
        isDismissable
        isOpen={overlay === 'categories'}
        onOpenChange={(open) => !open && $overlay.set(null)}
      >
        <Modal className="overlay-panel overlay-panel--side">
          <Dialog className="overlay-dialog" aria-label="Categorie">
            <div className="overlay-head">
              <Heading slot="title">Categorie</Heading>
              <button type="button" className="overlay-close" aria-label="Chiudi" onClick={() => $overlay.set(null)}>
                ×
              </button>
            </div>
            <ul className="overlay-menu">
              <li>
                <a href={favoritesHref}>Preferiti</a>
              </li>
              {categories.map((c) => (
                <li key={c.href}>
                  <a href={c.href}>{c.description}</a>
                </li>
              ))}
            </ul>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </>
  );
}
