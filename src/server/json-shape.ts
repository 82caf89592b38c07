// The shape of a JSON body, judged on its text before anything parses or walks it
// (issue 65): one pass, no recursion, stopping at the first bracket too deep or key
// too many, so a body built to be costly costs no more than reading its first bytes.
// The spec's bodies nest 4 levels at most and hold a few dozen keys (an order's
// confirmation: a few per row); the limits leave room for the cooperative's apps.

/** How deep objects and arrays may nest, and how many keys a body may hold in all. */
export const JSON_LIMITS = { depth: 32, keys: 5000 } as const;

/** What the text of a body is, as far as the guard cares. */
export type JsonShape =
  | { ok: true /** some string holds an escaped NUL (\u0000), which PostgreSQL cannot store */; nul: boolean }
  | { ok: false; message: string };

const TOO_DEEP = `Il corpo della richiesta ha più di ${JSON_LIMITS.depth} livelli annidati.`;
const TOO_MANY_KEYS = `Il corpo della richiesta ha più di ${JSON_LIMITS.keys} campi.`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * Reads the text once, counting nesting and keys outside strings (a key is what a colon
 * follows). Text that is not JSON is left to the parser, which refuses it; only a text
 * within the limits is ever parsed.
 */
export function jsonShape(text: string, limits: { depth: number; keys: number } = JSON_LIMITS): JsonShape {
  let depth = 0;
  let keys = 0;
  let nul = false;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === QUOTE) inString = false;
      else if (c === BACKSLASH) {
        // An escape: \u0000 is the NUL character; any other escape is skipped whole.
        if (text.startsWith('u0000', i + 1)) nul = true;
        i++;
      }
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > limits.depth) return { ok: false, message: TOO_DEEP };
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
    else if (c === COLON && ++keys > limits.keys) return { ok: false, message: TOO_MANY_KEYS };
  }
  return { ok: true, nul };
}
