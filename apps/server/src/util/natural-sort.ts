/**
 * Natural order as the contract wants it (section 9): "2" before "10", case-insensitive. The collator
 * treats names that differ only in case or accents as equal, so a plain code-point comparison breaks
 * the tie: the order must be total, or sort_index would change between two scans of the same folder.
 */
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

export function naturalCompare(a: string, b: string): number {
  const order = collator.compare(a, b);
  if (order !== 0) return order;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A sorted copy, by the natural order of the key of each item. */
export function naturalSortBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  return [...items].sort((a, b) => naturalCompare(key(a), key(b)));
}
