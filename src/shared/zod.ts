// zod as the browser's code takes it: parsers not compiled. zod compiles an
// object schema's parser with `new Function` unless told not to, and reads the
// setting when the schema is made; the shop's CSP forbids eval, and even the
// probe zod tries first is reported as a violation. Every browser module takes
// `z` from here (Biome refuses `zod` itself there), so the setting is made
// before any of their schemas. On the server (no document) parsers are compiled.
import { z } from 'zod';

if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
