// The island's side of a first view (first-view.ts): once it draws what the
// first view showed (or something else: a notice, the login box), the first
// view goes before that frame is painted.
import { useLayoutEffect } from 'react';
import { endFirstView } from './first-view.ts';

export function useFirstViewEnd(drawn: boolean): void {
  useLayoutEffect(() => {
    if (drawn) endFirstView();
  }, [drawn]);
}
