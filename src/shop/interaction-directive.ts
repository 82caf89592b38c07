// client:interaction — hydrates an island only when the shopper needs it, so
// catalogue pages ship no React before then. It hydrates on the first touch,
// click, key or focus inside the island, and, as asked in its value:
//   session   with a stored session, once the island is in view (a shopper's
//             store, cart and favourites change what it shows);
//   visible   once the island is in view and the page is idle (an island
//             that is the page's content, e.g. the store map); a media
//             query instead of true: only while the screen matches it (the
//             store locator's map is shown at once from desktop width);
//   end       when the end of the island nears the viewport (infinite lists);
//   query     at once when the page's URL has a query (sort, filters);
//   restore   at once when this page is reached by Back or a reload and
//             sessionStorage holds a key starting with restore + path;
//   alongside at once when the page has an element matching this selector
//             (islands that load at once: React is on its way anyway);
//   triggers  a selector of elements outside the island that also hydrate it;
//   events    window events that hydrate it (an overlay opened elsewhere).
// A click that arrives before the island is ready is held and replayed on the
// same element afterwards, and values typed or picked before it are handed to
// React, so no first action is lost. Bundled inline by Astro: no imports.
import type { ClientDirective } from 'astro';

interface Options {
  session?: boolean;
  visible?: boolean | string;
  end?: boolean;
  query?: boolean;
  restore?: string;
  triggers?: string;
  alongside?: string;
  events?: string[];
}

const INTERACTIONS = ['pointerdown', 'touchstart', 'focusin', 'keydown', 'input', 'change'] as const;

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * Whether React has taken the field: React watches a controlled field's value
 * through a `value` property of the element's own, in front of the prototype's.
 */
const watchedByReact = (field: Field): boolean => Object.getOwnPropertyDescriptor(field, 'value') !== undefined;

/** Fields whose value the shopper changed while the island was loading (checkboxes go through the held click). */
function changedFields(root: HTMLElement): [Field, string][] {
  const changed: [Field, string][] = [];
  for (const field of root.querySelectorAll<Field>('input, select, textarea')) {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) continue;
    const initial =
      field instanceof HTMLSelectElement
        ? ([...field.options].find((o) => o.defaultSelected)?.value ?? field.options[0]?.value)
        : field.defaultValue;
    if (field.value !== initial) changed.push([field, field.value]);
  }
  return changed;
}

/** Hands those values to React: put back (hydration may reset them) and announced as the shopper's input. */
function handOver(changed: [Field, string][]): void {
  for (const [field, value] of changed) {
    if (!field.isConnected) continue;
    // React compares with the value it last saw: through the element's own
    // property it sees '' (React notes what is set there), through the
    // prototype's setter the real value is put back unseen; the event then
    // tells React of a change.
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
    if (setter) {
      field.value = '';
      setter.call(field, value);
    } else field.value = value;
    field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  }
}

const interaction: ClientDirective = (load, options, el) => {
  const value = (typeof options.value === 'object' && options.value ? options.value : {}) as Options;
  let started = false;
  let held: Element | null = null;
  const cleanups: (() => void)[] = [];

  const holdClick = (event: Event) => {
    const target = event.target as Element;
    // Links and submit buttons keep their own meaning: nothing to wait for.
    if (target.closest('a[href]')) return;
    event.preventDefault();
    event.stopPropagation();
    held = target;
  };
  el.addEventListener('click', holdClick, true);

  // The latest value of each field the shopper types in until React has it:
  // keys pressed while the island hydrates count too, not only those before.
  const typed = new Map<Field, string>();
  const noteValue = (event: Event) => {
    const field = event.target;
    // Checkboxes and radios go through the held click instead.
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) return;
    if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement)
      typed.set(field, field.value);
  };
  el.addEventListener('input', noteValue, true);
  el.addEventListener('change', noteValue, true);

  const start = async () => {
    if (started) return;
    started = true;
    for (const cleanup of cleanups) cleanup();
    const hydrate = await load();
    const before = changedFields(el);
    await hydrate();
    el.removeEventListener('click', holdClick, true);
    // React hydrates in a transition, which may take some frames after hydrate(): a value handed over
    // before React has taken the field (its value tracker) would look unchanged to it, and be lost. So
    // wait for that, two seconds at most (a field React does not own never gets one).
    const handBack = (frames: number): void =>
      void requestAnimationFrame(() => {
        const fields = [...before.map(([field]) => field), ...typed.keys()];
        if (frames > 0 && fields.some((field) => field.isConnected && !watchedByReact(field))) {
          handBack(frames - 1);
          return;
        }
        el.removeEventListener('input', noteValue, true);
        el.removeEventListener('change', noteValue, true);
        const latest = new Map(before);
        for (const [field, value] of typed) latest.set(field, value);
        handOver([...latest]);
        // dispatchEvent, not click(): the target may be an SVG icon inside the button.
        if (held?.isConnected)
          held.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }));
        held = null;
      });
    handBack(120);
  };
  const listen = (target: EventTarget, type: string, handler: (event: Event) => void, capture = true) => {
    target.addEventListener(type, handler, { capture, passive: true });
    cleanups.push(() => target.removeEventListener(type, handler, { capture }));
  };

  for (const type of INTERACTIONS) listen(el, type, () => void start());
  if (value.triggers) {
    const selector = value.triggers;
    for (const type of INTERACTIONS)
      listen(document, type, (event) => (event.target as Element | null)?.closest?.(selector) && void start());
  }
  for (const type of value.events ?? []) listen(window, type, () => void start(), false);

  const observe = (node: Element, margin: string) => {
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && void start(), {
      rootMargin: margin,
    });
    observer.observe(node);
    cleanups.push(() => observer.disconnect());
  };
  if (value.end) {
    // A marker right after the island: its end, whatever the island's layout.
    const marker = document.createElement('span');
    marker.setAttribute('aria-hidden', 'true');
    el.after(marker);
    observe(marker, '0px 0px 600px 0px');
  }
  if (value.query && location.search) return void start();
  if (value.alongside && document.querySelector(value.alongside)) return void start();
  let session = false;
  try {
    session = !!localStorage.getItem('spesa.user');
    if (
      value.restore &&
      /back_forward|reload/.test(
        (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type ?? '',
      )
    ) {
      const prefix = value.restore + location.pathname;
      for (let i = 0; i < sessionStorage.length; i += 1)
        if (sessionStorage.key(i)?.startsWith(prefix)) return void start();
    }
  } catch {
    // Storage blocked: only interaction hydrates.
  }
  const inView = () => {
    const idle = () =>
      'requestIdleCallback' in window
        ? requestIdleCallback(() => void start(), { timeout: 2000 })
        : setTimeout(() => void start(), 200);
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      idle();
    });
    for (const child of el.children) observer.observe(child);
    cleanups.push(() => observer.disconnect());
  };
  if (value.visible === true) inView();
  else if (value.visible) {
    // A screen that comes to match later (a tablet turned, a window widened) counts too.
    const screen = matchMedia(value.visible);
    const matched = () => {
      if (!screen.matches) return;
      screen.removeEventListener('change', matched);
      inView();
    };
    screen.addEventListener('change', matched);
    cleanups.push(() => screen.removeEventListener('change', matched));
    matched();
  }
  if (value.session) {
    const whenVisible = () => {
      for (const child of el.children) observe(child, '200px');
    };
    if (session) whenVisible();
    else listen(window, 'spesa:session', whenVisible, false);
  }
};

export default interaction;
