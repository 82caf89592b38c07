// What a shopper's screen shows while its island starts and asks for its data: grey
// blocks in the shape of what comes (a list of rows, or a form), so the page does not
// jump when the data arrives, and one line for screen readers. Drawn by the build
// (the island's first render) and by the island until its data is there.

/** The blocks of each shape, named so each has a key of its own. */
const SHAPES = { rows: ['a', 'b', 'c', 'd'], form: ['a', 'b', 'c', 'd', 'e'] } as const;

export function LoadingShape({
  shape = 'rows',
  label = 'Caricamento…',
}: {
  shape?: keyof typeof SHAPES;
  label?: string;
}) {
  return (
    <div className={`loading-shape loading-shape--${shape}`} role="status">
      <span className="visually-hidden">{label}</span>
      {SHAPES[shape].map((block) => (
        <div key={block} className="loading-shape__block" aria-hidden="true" />
      ))}
    </div>
  );
}
