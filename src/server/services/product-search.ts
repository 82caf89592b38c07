// Text search of the catalogue (docs/product.md §5), served by indexes (migration 0006):
// each word is matched as an Italian stem ('pomodori' finds 'pomodoro') or as
// the start of a word ('pomo' finds 'pomodoro'), over the accent-free
// description, brand and tags; a word the catalogue does not know is replaced
// by its nearest catalogue word by trigrams ('mozarela' → 'mozzarella').
// The words are fixed inside the listing's one statement, once (a common table expression).
import { type AliasedRawBuilder, sql, type RawBuilder } from 'kysely';
import { normaliseSearch } from '#src/shared/search-text.ts';

/** Lower-case, accent-free words of the shopper's text, at most 8 (longer texts add nothing a shopper means). */
export function searchWords(text: string): string[] {
  return normaliseSearch(text)
    .split(' ')
    .filter((w) => w.length > 0)
    .slice(0, 8);
}

/** The first text after every text that starts with `word` (only a-z and 0-9): its last letter advanced. */
const pastWord = (word: string) => `${word.slice(0, -1)}${String.fromCharCode(word.charCodeAt(word.length - 1) + 1)}`;

/**
 * The word as the catalogue knows it: itself when some catalogue word starts
 * with it, else the most similar catalogue word (words of 4+ letters; the
 * similarity threshold is pg_trgm's, 0.3; distance <-> is 1 − similarity,
 * walked in order by a GiST index, migration 0012), else itself. "Starts
 * with" is a range of the terms' text_pattern_ops index (migration 0006),
 * byte by byte: `LIKE 'word%'` used it only in a plan made for the word, and
 * the search's plan is made once (a generic plan), so every search read the
 * whole vocabulary.
 */
function fixedWord(word: string): RawBuilder<string> {
  if (word.length < 4) return sql<string>`${word}::text`;
  return sql<string>`(SELECT CASE
    WHEN EXISTS (SELECT 1 FROM search_terms t WHERE t.term ~>=~ ${word}::text AND t.term ~<~ ${pastWord(word)}::text) THEN ${word}::text
    ELSE coalesce((SELECT t.term FROM search_terms t WHERE t.term % ${word} ORDER BY t.term <-> ${word}, t.term LIMIT 1), ${word}::text)
    END)`;
}

export interface SearchSql {
  /** The fixed words as one row (w0, w1, …): a common table expression named `search_words`, computed once per statement. */
  words: AliasedRawBuilder<string, string>[];
  /** Rows matching every word (an indexed @@ on products.search_doc). */
  match: RawBuilder<boolean>;
  /**
   * The same test, made row by row on rows another index walks (the lead
   * index below): inside CASE the planner cannot turn it into a scan of the
   * words' index and a sort of every match.
   */
  matchEach: RawBuilder<boolean>;
  /** The accent-free name starts with the first word: the first products of a ranked search. */
  leads: RawBuilder<boolean>;
  /**
   * The same rows as a range of the lead index (migration 0016), in its order:
   * names from the first word up to the word with its last letter advanced
   * ('pasta' ≤ name < 'pastb'; search_text holds only a-z, 0-9 and spaces).
   */
  leadRange: RawBuilder<boolean>;
  /** The lead index's order: the accent-free name, byte by byte. */
  leadOrder: RawBuilder<string>;
  /** Among the others: 1 when one of the name's words starts with the first word, 2 otherwise (brand, tag, stem). */
  relevance: RawBuilder<number>;
}

/** The search condition and ranking for `words` (normalised: only [a-z0-9], so safe inside tsquery text). */
export function searchSql(words: string[]): SearchSql {
  const perWord = words.map((_, i) => {
    const w = sql.ref(`f.w${i}`);
    return sql`(to_tsquery('italian', ${w}) || to_tsquery('simple', ${w} || ':*'))`;
  });
  // Each use reads the one row of search_words: a mistyped word is looked up once per statement, not once per use.
  const query = sql`(SELECT ${sql.join(perWord, sql` && `)} FROM search_words f)`;
  const lead = sql<string>`(SELECT f.w0 FROM search_words f)`;
  const leadOrder = sql<string>`(p.search_text COLLATE "C")`;
  return {
    words: words.map((word, i) => fixedWord(word).as(`w${i}`)),
    match: sql<boolean>`p.search_doc @@ ${query}`,
    matchEach: sql<boolean>`CASE WHEN p.id IS NOT NULL THEN p.search_doc @@ ${query} END`,
    leads: sql<boolean>`starts_with(p.search_text, ${lead})`,
    leadRange: sql<boolean>`${leadOrder} >= ${lead}
      AND ${leadOrder} < (SELECT left(f.w0, -1) || chr(ascii(right(f.w0, 1)) + 1) FROM search_words f)`,
    leadOrder,
    relevance: sql<number>`CASE WHEN p.search_text LIKE ('% ' || ${lead} || '%') THEN 1 ELSE 2 END`,
  };
}
