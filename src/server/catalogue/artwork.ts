// Local SVG artwork for the demo catalogue (docs/architecture.md §6: no image from
// another origin): a soft background in the department's colour, a simple
// shape per department and the name in a few lines. Pure functions of their
// input, so the same product always gets the same picture.

type Shape =
  | 'apple'
  | 'steak'
  | 'fish'
  | 'snowflake'
  | 'cheese'
  | 'ham'
  | 'bread'
  | 'jar'
  | 'cup'
  | 'bottle'
  | 'glass'
  | 'spray'
  | 'drop'
  | 'baby'
  | 'paw';

/** Each top-level department's look, by its id: '01' Frutta e verdura … '15' Animali (src/demo/catalogue/vocabulary.ts). */
const departments: readonly { shape: Shape; colour: string }[] = [
  { shape: 'apple', colour: '#e8f5e1' }, // 01 Frutta e verdura
  { shape: 'steak', colour: '#fbe4e0' }, // 02 Macelleria
  { shape: 'fish', colour: '#e0f0fa' }, // 03 Pescheria
  { shape: 'snowflake', colour: '#e3f2fd' }, // 04 Surgelati
  { shape: 'cheese', colour: '#fff8e1' }, // 05 Latticini e formaggi
  { shape: 'ham', colour: '#fce8ec' }, // 06 Salumeria e gastronomia
  { shape: 'bread', colour: '#f6ead8' }, // 07 Pane e pasticceria
  { shape: 'jar', colour: '#fff3e0' }, // 08 Dispensa
  { shape: 'cup', colour: '#f3e5d8' }, // 09 Colazione e dolci
  { shape: 'bottle', colour: '#e1f5f7' }, // 10 Bevande
  { shape: 'glass', colour: '#f3e5f5' }, // 11 Vini e birre
  { shape: 'spray', colour: '#e8eaf6' }, // 12 Casa e pulizia
  { shape: 'drop', colour: '#e0f2f1' }, // 13 Igiene e cura della persona
  { shape: 'baby', colour: '#fdf0f6' }, // 14 Infanzia
  { shape: 'paw', colour: '#efebe9' }, // 15 Animali
];

const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch]!);

const hash = (text: string): number =>
  [...text].reduce((h, ch) => Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0, 2166136261);
const fallbackColours = ['#e8f5e1', '#fff3e0', '#e3f2fd', '#fce8ec', '#f3e5f5', '#e0f2f1'];

/** The department's shape and colour for a category id ('04…' → Surgelati). */
function departmentLook(categoryId: string): { shape: Shape | 'box'; colour: string } {
  const dept = departments[Number(categoryId.slice(0, 2)) - 1];
  return dept
    ? { shape: dept.shape, colour: dept.colour }
    : { shape: 'box', colour: fallbackColours[hash(categoryId) % fallbackColours.length]! };
}

const ink = '#5a3a1a';
/** Each shape drawn in a 100×100 box. */
const shapes: Record<Shape | 'box', string> = {
  apple: `<circle cx="50" cy="58" r="30" fill="#d94b3d"/><path d="M50 30 q4 -14 16 -16 q-2 12 -16 16z" fill="#4caf50"/><rect x="48" y="22" width="4" height="12" rx="2" fill="${ink}"/>`,
  steak: `<ellipse cx="50" cy="52" rx="38" ry="26" fill="#c0504d"/><ellipse cx="50" cy="52" rx="28" ry="17" fill="#e07b6f"/><circle cx="36" cy="48" r="6" fill="#fbe9e7"/>`,
  fish: `<ellipse cx="46" cy="50" rx="32" ry="18" fill="#4a90c2"/><path d="M74 50 l20 -16 v32z" fill="#4a90c2"/><circle cx="28" cy="46" r="4" fill="#fff"/>`,
  snowflake: `<g stroke="#2f7dc1" stroke-width="6" stroke-linecap="round"><path d="M50 12v76M17 31l66 38M17 69l66 -38"/></g><circle cx="50" cy="50" r="8" fill="#2f7dc1"/>`,
  cheese: `<path d="M12 70 L88 70 L88 44 L30 26z" fill="#f4c542"/><circle cx="50" cy="56" r="6" fill="#e0a800"/><circle cx="72" cy="50" r="4" fill="#e0a800"/>`,
  ham: `<ellipse cx="44" cy="54" rx="30" ry="24" fill="#e8919a"/><ellipse cx="44" cy="54" rx="18" ry="13" fill="#f6c1c6"/><rect x="70" y="44" width="22" height="10" rx="5" fill="#f3e0c8"/>`,
  bread: `<path d="M14 62 q0 -30 36 -30 q36 0 36 30 v8 h-72z" fill="#d9a05b"/><g stroke="#a86b2d" stroke-width="4" stroke-linecap="round"><path d="M36 44l6 10M50 42l6 10M64 44l6 10"/></g>`,
  jar: `<rect x="26" y="30" width="48" height="56" rx="10" fill="#e57c3a"/><rect x="30" y="18" width="40" height="12" rx="3" fill="${ink}"/><rect x="34" y="48" width="32" height="18" rx="3" fill="#fff3e0"/>`,
  cup: `<path d="M20 34 h50 v26 a25 25 0 0 1 -50 0z" fill="#8d5b3a"/><path d="M70 40 h8 a10 10 0 0 1 0 20 h-8" fill="none" stroke="#8d5b3a" stroke-width="6"/><path d="M36 14 q6 8 0 14 M50 12 q6 8 0 14" stroke="#b08968" stroke-width="3" fill="none"/>`,
  bottle: `<path d="M42 10 h16 v16 q14 8 14 24 v36 a6 6 0 0 1 -6 6 h-32 a6 6 0 0 1 -6 -6 v-36 q0 -16 14 -24z" fill="#3aa6b9"/><rect x="30" y="52" width="40" height="18" fill="#e1f5f7"/>`,
  glass: `<path d="M30 14 h40 q0 34 -20 38 q-20 -4 -20 -38z" fill="#8e3b5f"/><rect x="48" y="52" width="4" height="26" fill="#8e3b5f"/><rect x="34" y="78" width="32" height="6" rx="3" fill="#8e3b5f"/>`,
  spray: `<rect x="30" y="40" width="40" height="48" rx="8" fill="#5c6bc0"/><path d="M38 40 v-14 h20 l14 6 v6 h-12 v2z" fill="#3949ab"/><rect x="36" y="56" width="28" height="14" rx="3" fill="#e8eaf6"/>`,
  drop: `<path d="M50 12 q28 36 28 52 a28 28 0 0 1 -56 0 q0 -16 28 -52z" fill="#26a69a"/><ellipse cx="40" cy="62" rx="6" ry="10" fill="#e0f2f1"/>`,
  baby: `<circle cx="50" cy="40" r="22" fill="#f48fb1"/><rect x="44" y="60" width="12" height="26" rx="6" fill="#f48fb1"/><circle cx="50" cy="40" r="10" fill="#fdf0f6"/>`,
  paw: `<ellipse cx="50" cy="64" rx="20" ry="16" fill="#8d6e63"/><circle cx="28" cy="40" r="8" fill="#8d6e63"/><circle cx="42" cy="28" r="8" fill="#8d6e63"/><circle cx="58" cy="28" r="8" fill="#8d6e63"/><circle cx="72" cy="40" r="8" fill="#8d6e63"/>`,
  box: `<rect x="18" y="30" width="64" height="52" rx="6" fill="#b0875a"/><path d="M18 44 h64" stroke="#8a6640" stroke-width="4"/><rect x="42" y="30" width="16" height="14" fill="#d7b98e"/>`,
};

/** Words wrapped in at most maxLines lines of about width characters; the last ends in '…' when cut. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.slice(0, width - 1)}…`;
  return kept;
}

const font = `font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"`;
const textLines = (lines: string[], x: number, y: number, size: number, weight = 600, anchor = 'middle') =>
  lines
    .map(
      (l, i) =>
        `<text x="${x}" y="${y + i * size * 1.25}" font-size="${size}" font-weight="${weight}" fill="${ink}" text-anchor="${anchor}" ${font}>${escapeXml(l)}</text>`,
    )
    .join('');

const svg = (w: number, h: number, title: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img"><title>${escapeXml(title)}</title>${body}</svg>`;

/** A product picture: view 1 the shape large, views 2 and 3 other framings of the same pack. */
export function productSvg(p: { description: string; brand: string | null; categoryId: string }, view: number): string {
  const look = departmentLook(p.categoryId);
  const scale = view === 1 ? 2.2 : view === 2 ? 1.6 : 2.6;
  const tilt = view === 2 ? -12 : view === 3 ? 8 : 0;
  const shape = `<g transform="translate(${200 - 50 * scale} ${view === 3 ? 40 : 30}) scale(${scale}) rotate(${tilt} 50 50)">${shapes[look.shape]}</g>`;
  const brand = p.brand
    ? `<text x="200" y="300" font-size="18" fill="${ink}" text-anchor="middle" opacity="0.75" ${font}>${escapeXml(p.brand)}</text>`
    : '';
  return svg(
    400,
    400,
    p.description,
    `<rect width="400" height="400" fill="${look.colour}"/><circle cx="${view === 2 ? 320 : 80}" cy="70" r="${40 + view * 10}" fill="#ffffff" opacity="0.45"/>${shape}${brand}${textLines(wrap(p.description, 26, 3), 200, 330, 20)}`,
  );
}

export function bannerSvg(b: { id: number; title: string }, app: boolean): string {
  const [w, h] = app ? [800, 400] : [1200, 400];
  const look = departmentLook(String(((b.id - 1) % departments.length) + 1).padStart(2, '0'));
  const shape = `<g transform="translate(${w - 320} 60) scale(2.8)">${shapes[look.shape]}</g>`;
  return svg(
    w,
    h,
    b.title,
    `<rect width="${w}" height="${h}" fill="${look.colour}"/><circle cx="${w - 180}" cy="200" r="190" fill="#ffffff" opacity="0.5"/>${shape}${textLines(wrap(b.title, app ? 20 : 28, 3), 60, 150, app ? 44 : 54, 700, 'start')}<text x="60" y="340" font-size="24" fill="${ink}" ${font}>Spesa online</text>`,
  );
}

export function tagSvg(t: { id: number; description: string }): string {
  const colour = fallbackColours[t.id % fallbackColours.length]!;
  return svg(
    200,
    200,
    t.description,
    `<rect width="200" height="200" rx="100" fill="${colour}"/><circle cx="100" cy="100" r="84" fill="none" stroke="${ink}" stroke-width="3" opacity="0.3"/>${textLines(wrap(t.description, 12, 3), 100, 96, 22, 700)}`,
  );
}

export function storeLogoSvg(s: { id: number; name: string }): string {
  return svg(
    400,
    200,
    `Spesa online ${s.name}`,
    `<rect width="400" height="200" rx="16" fill="#fff3e0"/><g transform="translate(24 40) scale(1.2)">${shapes.jar}</g><text x="160" y="90" font-size="30" font-weight="700" fill="${ink}" ${font}>Spesa online</text>${textLines(wrap(s.name, 18, 2), 160, 130, 22, 500, 'start')}`,
  );
}
