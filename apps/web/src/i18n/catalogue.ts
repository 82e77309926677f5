/**
 * Messages live beside the feature that shows them (`features/x/messages.ts`), one object per language
 * with the same keys; this file gathers them under each feature's namespace key. A test fails when a
 * key is missing in any language.
 */
import type { Language } from './languages';

export type Messages = { [key: string]: string | Messages };
export type FeatureMessages = Record<Language, Messages>;

export function defineMessages<const T extends Messages>(messages: {
  en: T;
  'zh-CN': T;
  ja: T;
}): FeatureMessages {
  return messages;
}
