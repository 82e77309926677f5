import { formatWorkCode } from '@sasayaki/api-contract';
import type { ProviderMetadata } from '../metadata/provider-types.js';

/**
 * The text plain-word search matches by substring (FTS5 trigram on SQLite, pg_trgm on PostgreSQL):
 * title, circle, every tag name in every language, voice actors and the RJ code, lower-cased and
 * composed (NFC, as search keywords are: services/search-syntax.ts), whatever form a source wrote.
 */
export function buildSearchText(
  id: number,
  title: string,
  metadata: Pick<ProviderMetadata, 'circle' | 'tags' | 'vas'>,
): string {
  const parts = [
    title,
    metadata.circle?.name ?? '',
    ...(metadata.tags ?? []).flatMap((tag) => [
      tag.name,
      ...Object.values(tag.i18n).map((entry) => entry?.name ?? ''),
    ]),
    ...(metadata.vas ?? []).map((va) => va.name),
    formatWorkCode(id),
  ];
  return [...new Set(parts.map((part) => part.trim()).filter(Boolean))]
    .join(' ')
    .toLowerCase()
    .normalize('NFC');
}
