// A hot query built and compiled by Kysely once, then sent again with each
// call's values. Building a query of thirty columns and two subqueries costs
// Kysely about as much as PostgreSQL takes to answer it by key (product detail:
// a sixth of the call's time), and the text is the same every time.
import { type Compilable, CompiledQuery } from 'kysely';
import type { Db } from './client.ts';

/** An argument: a value, or a list given as one array parameter (`= ANY($1::bigint[])`). */
type Value = string | number | readonly number[];

interface Compiled {
  sql: string;
  /** For each parameter of the text: the index of the call's argument, or a value fixed by the query. */
  slots: ({ arg: number } | { fixed: unknown })[];
}

/**
 * Wraps `build`, whose arguments must reach the query only as parameter
 * values — never in its shape, in a literal or through a computation. That is
 * checked when it is first built: each argument is given as a marker text,
 * and every marker must come out as a parameter of its own.
 */
export function compiledOnce<A extends Value[], R>(
  build: (db: Db, ...args: A) => Compilable<R>,
): (db: Db, ...args: A) => Promise<R[]> {
  let compiled: Compiled | undefined;
  const compile = (db: Db, arity: number): Compiled => {
    const markers = Array.from({ length: arity }, (_, i) => `\u0001compiled-once-${i}\u0001`);
    const query = build(db, ...(markers as A)).compile();
    const slots = query.parameters.map((value) => {
      const arg = markers.indexOf(value as string);
      return arg >= 0 ? { arg } : { fixed: value };
    });
    const unused = markers.filter((_, i) => !slots.some((slot) => 'arg' in slot && slot.arg === i));
    const computed = slots.some((slot) => 'fixed' in slot && String(slot.fixed).includes('\u0001compiled-once-'));
    if (unused.length > 0 || computed || markers.some((marker) => query.sql.includes(marker))) {
      throw new Error('compiledOnce: every argument must be a parameter value of the query');
    }
    return { sql: query.sql, slots };
  };
  return async (db, ...args) => {
    compiled ??= compile(db, args.length);
    const parameters = compiled.slots.map((slot) => ('arg' in slot ? args[slot.arg] : slot.fixed));
    const { rows } = await db.executeQuery<R>(CompiledQuery.raw(compiled.sql, parameters));
    return rows;
  };
}
