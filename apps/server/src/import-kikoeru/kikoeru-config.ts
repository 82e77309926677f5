import { readFileSync } from 'node:fs';
import { TAG_LANGUAGES, type TagLanguage } from '@sasayaki/api-contract';
import { KikoeruSourceError } from './kikoeru-database.js';

/** What the import takes from kikoeru's `config.json`: the password salt and the tags' language. */
export interface KikoeruConfig {
  md5secret: string;
  /** The language kikoeru stored tag names in (`tagLanguage`), when it is one Sasayaki keeps. */
  tagLanguage: TagLanguage | null;
}

/** Reads kikoeru's config.json; the message never contains the secret. */
export function readKikoeruConfig(path: string): KikoeruConfig {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new KikoeruSourceError(`${path} is not a readable JSON file: ${(error as Error).message}`);
  }
  const config = (parsed ?? {}) as Record<string, unknown>;
  if (typeof config.md5secret !== 'string' || config.md5secret.length === 0) {
    throw new KikoeruSourceError(`${path} has no md5secret: is it kikoeru-express's config.json?`);
  }
  const language = typeof config.tagLanguage === 'string' ? config.tagLanguage.toLowerCase() : 'zh-cn';
  return {
    md5secret: config.md5secret,
    tagLanguage: (TAG_LANGUAGES as readonly string[]).includes(language) ? (language as TagLanguage) : null,
  };
}
