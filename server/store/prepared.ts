import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { Db, Schema } from './schema';

/** Where a prepared query's value goes, until a run binds it. */
class Slot {
  constructor(readonly name: string) {}
}

interface Shape {
  compiled: CompiledQuery;
  /** Each parameter: the name of the value bound there, or a constant the query was built with. */
  parameters: Array<Slot | { constant: unknown }>;
}

/**
 * A query built and compiled once per backend (and per set of value names), then run with each
 * call's values. Kysely otherwise builds and compiles the query on every call, which costs more
 * than SQLite takes to run a small statement; the store's frequent queries are written this way.
 * `build` gets placeholders for the values: it may place them, and see which are there, never look
 * at them. `context` (the backend's dialect, say) must be the same for every call on one backend.
 */
export function prepared<V extends Record<string, unknown>, R = unknown, C = undefined>(
  build: (db: Kysely<Schema>, values: V, context: C) => Compilable<R>,
) {
  const shapes = new WeakMap<object, Map<string, Shape>>();
  return async (db: Db, values: V, ...[context]: C extends undefined ? [] : [C]): Promise<QueryResult<R>> => {
    const names = Object.keys(values);
    const key = names.join(',');
    // The SQL differs by backend (placeholders, quoting), and transactions share their database's adapter.
    const adapter = db.getExecutor().adapter;
    let byNames = shapes.get(adapter);
    if (!byNames) shapes.set(adapter, (byNames = new Map()));
    let shape = byNames.get(key);
    if (!shape) {
      const slots = Object.fromEntries(names.map((name) => [name, new Slot(name)])) as unknown as V;
      const compiled = build(db as Kysely<Schema>, slots, context as C).compile();
      shape = { compiled, parameters: compiled.parameters.map((p) => (p instanceof Slot ? p : { constant: p })) };
      byNames.set(key, shape);
    }
    const parameters = shape.parameters.map((p) => (p instanceof Slot ? values[p.name] : p.constant));
    return db.executeQuery<R>({ ...shape.compiled, parameters } as CompiledQuery<R>);
  };
}
