import type { Tag, Work } from '@sasayaki/api-contract';
import type { TagTuple, VaTuple } from '../repositories/work.repository.js';

type Va = Work['vas'][number];
type Circle = Work['circle'];

/**
 * One frozen object per label for all the works the catalogue cache keeps, instead of a copy per work:
 * each cached work used to carry its own tag objects with their parsed `i18n` (four objects and three
 * names a tag), its own voice actors and circle. At 100,000 works the cache's 10,000 works took 24 MB of
 * heap, two thirds of it such copies of 700 tags, 15,000 voices and 30,000 circles (bench README,
 * Memory). Frozen, so no answer built from a shared work can change another work's labels: answers that
 * differ (a member's own vote) copy them.
 *
 * A label's name and translations change only with the catalogue version, which clears this with the
 * rest of the cache; a tag's vote counts are part of its key, so a vote gives the voted work a new tag
 * object and leaves the others' alone. Labels of works that left the cache stay until that clear:
 * bounded by the catalogue's labels (and a tag per count pair it was seen with).
 */
export class SharedLabels {
  private readonly tags = new Map<string, Readonly<Tag>>();
  private readonly vas = new Map<string, Readonly<Va>>();
  private readonly circles = new Map<number, Readonly<Circle>>();

  /** The tag as the contract shapes it; `parseI18n` runs only the first time this tag is seen. */
  tag([id, name, i18n, upvote, downvote]: TagTuple, parseI18n: (text: string | null) => Tag['i18n']): Tag {
    const key = `${id}|${upvote}|${downvote}`;
    let tag = this.tags.get(key);
    if (tag === undefined || tag.name !== name) {
      tag = Object.freeze({ id, name, i18n: frozenI18n(parseI18n(i18n)), upvote, downvote });
      this.tags.set(key, tag);
    }
    return tag;
  }

  va([id, name]: VaTuple): Va {
    let va = this.vas.get(id);
    if (va === undefined || va.name !== name) {
      va = Object.freeze({ id, name });
      this.vas.set(id, va);
    }
    return va;
  }

  circle(id: number, name: string): Circle {
    let circle = this.circles.get(id);
    if (circle === undefined || circle.name !== name) {
      circle = Object.freeze({ id, name });
      this.circles.set(id, circle);
    }
    return circle;
  }

  clear(): void {
    this.tags.clear();
    this.vas.clear();
    this.circles.clear();
  }
}

/** The translations and each language's entry, frozen. */
function frozenI18n(i18n: Tag['i18n']): Tag['i18n'] {
  for (const entry of Object.values(i18n)) Object.freeze(entry);
  return Object.freeze(i18n);
}
