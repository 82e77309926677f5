/**
 * The `after` of `move-work` for moving the work at `from` to index `to`: the work that will sit right
 * before it (null: it goes first). Moving down, that is the work now at `to`; moving up, the one at `to - 1`.
 */
export function afterFor<T extends { id: number }>(
  works: readonly T[],
  from: number,
  to: number,
): number | null {
  if (to <= 0) return null;
  return works[from < to ? to : to - 1]?.id ?? null;
}
