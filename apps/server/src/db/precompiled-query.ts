import type { CompiledQuery, Kysely, QueryExecutorProvider } from 'kysely';
import { prepareStatement } from './prepared-statements.js';

/** A query builder (`compile()`) or an `sql` template (`compile(db)`). */
interface Compilable<Row> {
  compile(executorProvider: QueryExecutorProvider): CompiledQuery<Row>;
}

/** Stands for the n-th argument while the query is built; found again among the compiled parameters. */
class Placeholder {
  constructor(readonly index: number) {}
}

/**
 * A query Kysely builds and compiles once, then runs with each call's values. Building and compiling
 * parses every column name and walks the whole tree: for the small lookups made on every request (a
 * file to stream, a work's row) it cost more than running them, and most of what such a request
 * allocated. `build` gets a stand-in for each parameter it declares and must use each as a single value
 * (`=`, `<`...); lists (`in`) and values that change the SQL's shape cannot be stand-ins.
 */
export function precompiledQuery<DB, Args extends unknown[], Row>(
  db: Kysely<DB>,
  build: (...args: Args) => Compilable<Row>,
): (...args: Args) => Promise<Row[]> {
  const placeholders = Array.from({ length: build.length }, (_, index) => new Placeholder(index));
  const compiled = build(...(placeholders as Args)).compile(db);
  // On PostgreSQL it is also prepared once per connection instead of planned on every run.
  prepareStatement(compiled.sql);
  const slots = compiled.parameters.map((value) => (value instanceof Placeholder ? value.index : -1));
  for (const placeholder of placeholders) {
    if (!slots.includes(placeholder.index))
      throw new Error(`precompiledQuery: argument ${placeholder.index} is not a parameter of the query`);
  }
  return async (...args) => {
    const parameters = slots.map((slot, position) =>
      slot === -1 ? compiled.parameters[position] : args[slot],
    );
    const { rows } = await db.executeQuery<Row>({ ...compiled, parameters } as CompiledQuery<Row>);
    return rows;
  };
}
