import { isUnknownCircle, type ReviewedWork } from '@sasayaki/api-contract';

export interface CircleGroup {
  key: string;
  /** null: works whose circle nobody knows (`UNKNOWN_CIRCLE`), gathered last. */
  circle: { id: number; name: string } | null;
  works: ReviewedWork[];
}

/** Favourites grouped by circle: groups by name (natural order), works newest-marked first. */
export function groupByCircle(works: readonly ReviewedWork[], language: string): CircleGroup[] {
  const groups = new Map<string, CircleGroup>();
  for (const work of works) {
    const circle = isUnknownCircle(work.circle) ? null : work.circle;
    const key = circle ? String(circle.id) : 'none';
    const group = groups.get(key) ?? { key, circle, works: [] };
    group.works.push(work);
    groups.set(key, group);
  }
  const collator = new Intl.Collator(language, { numeric: true, sensitivity: 'base' });
  for (const group of groups.values()) group.works.sort((a, b) => b.updated_at.localeCompare(a.updated_at));
  return [...groups.values()].sort((a, b) => {
    if (!a.circle) return 1;
    if (!b.circle) return -1;
    return collator.compare(a.circle.name, b.circle.name);
  });
}
