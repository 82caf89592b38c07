// Behaviour of BannerCarousel.astro. The track is a horizontal scroll-snap
// row; the buttons and the timer scroll it one banner at a time.
const CAROUSEL_INTERVAL_MS = 7000;

export function startCarousel(root: HTMLElement): void {
  const track = root.querySelector<HTMLElement>('[data-track]');
  const controls = root.querySelector<HTMLElement>('[data-controls]');
  const slides = Array.from(root.querySelectorAll<HTMLElement>('[data-slide]'));
  if (!track || !controls || slides.length < 2) return;
  const pause = controls.querySelector<HTMLButtonElement>('[data-pause]')!;
  const position = controls.querySelector<HTMLElement>('[data-position]')!;
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)');
  let stopped = reduced.matches; // the shopper's choice (pause button) or reduced motion
  let held = false; // pointer or focus inside
  let timer: ReturnType<typeof setInterval> | undefined;

  const current = () => Math.round(track.scrollLeft / Math.max(1, track.clientWidth));
  const go = (index: number) => {
    const next = (index + slides.length) % slides.length;
    track.scrollTo({ left: next * track.clientWidth, behavior: reduced.matches ? 'auto' : 'smooth' });
  };
  const render = () => {
    const running = !stopped;
    pause.setAttribute('aria-label', running ? 'Metti in pausa i banner' : 'Riprendi lo scorrimento dei banner');
    pause.querySelector('[data-icon-pause]')?.toggleAttribute('hidden', !running);
    pause.querySelector('[data-icon-play]')?.toggleAttribute('hidden', running);
    // Announce banners moved by the shopper, not by the timer (APG carousel).
    track.setAttribute('aria-live', running ? 'off' : 'polite');
    clearInterval(timer);
    if (running && !held) timer = setInterval(() => go(current() + 1), CAROUSEL_INTERVAL_MS);
  };

  controls.hidden = false;
  controls.querySelector('[data-prev]')?.addEventListener('click', () => go(current() - 1));
  controls.querySelector('[data-next]')?.addEventListener('click', () => go(current() + 1));
  pause.addEventListener('click', () => {
    stopped = !stopped;
    render();
  });
  const hold = (on: boolean) => () => {
    held = on;
    render();
  };
  root.addEventListener('pointerenter', hold(true));
  root.addEventListener('pointerleave', hold(false));
  root.addEventListener('focusin', hold(true));
  root.addEventListener('focusout', (e) => {
    if (!root.contains(e.relatedTarget as Node | null)) hold(false)();
  });
  track.addEventListener(
    'scroll',
    () => {
      position.textContent = `${current() + 1} / ${slides.length}`;
    },
    { passive: true },
  );
  reduced.addEventListener('change', () => {
    if (reduced.matches) stopped = true;
    render();
  });
  render();
}
