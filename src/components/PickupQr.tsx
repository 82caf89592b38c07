// The pickup code as a QR code for the store's scanner: uqr encodes the code (error
// correction M, a quiet zone of 4 modules as the QR standard asks) and the modules are
// drawn as one SVG path, crisp at any size. Loaded only where a pickup code is shown.
import { encode } from 'uqr';

/** The SVG path of the dark modules of the QR code of `text`, one unit per module, and its side. */
function qrPath(text: string): { d: string; size: number } {
  const { data, size } = encode(text, { ecc: 'M', border: 4 });
  let d = '';
  for (const [y, row] of data.entries()) for (const [x, dark] of row.entries()) if (dark) d += `M${x} ${y}h1v1h-1z`;
  return { d, size };
}

export default function PickupQr({ code }: { code: string }) {
  const { d, size } = qrPath(code);
  return (
    <svg
      className="pickup-qr"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={`Codice QR del codice di ritiro ${code}`}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
