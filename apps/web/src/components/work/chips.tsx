import { isUnknownCircle, type Work } from '@sasayaki/api-contract';
import { IconBadgeCc, IconExternalLink, IconMessage, IconShieldCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCount, formatPrice } from '../../lib/format';
import { localTagName } from './tag-name';
import classes from './work.module.css';

/*
 * Plain elements styled as Mantine's Badge, Anchor and Text (work.module.css): every card shows a dozen of
 * these, and Mantine's components cost the works page's first render more than anything else on it.
 */

type ChipSize = 'xs' | 'sm' | 'md';
type FontSize = 'xs' | 'sm' | 'md' | 'lg';

const fontSize = (fz: FontSize) => ({ fontSize: `var(--mantine-font-size-${fz})` });

/** A badge-like chip with an optional icon before its label. */
function Chip({
  size,
  kind,
  icon,
  children,
}: {
  size: ChipSize;
  kind: 'sfw' | 'subtitle';
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <span className={classes.chip} data-size={size} data-kind={kind}>
      <span className={classes.chipIcon}>{icon}</span>
      <span className={classes.chipLabel}>{children}</span>
    </span>
  );
}

/**
 * Whether the work is known not to be NSFW: `nsfw` is false also when nobody knows the age rating (never
 * null since issue 12), so the rating itself must be known.
 */
export function isKnownSfw(work: Pick<Work, 'nsfw' | 'age_category_string'>): boolean {
  return !work.nsfw && work.age_category_string !== null;
}

/** Green 'all ages' chip, shown when the work is known not to be NSFW. */
export function SfwChip({
  work,
  size = 'sm',
}: {
  work: Pick<Work, 'nsfw' | 'age_category_string'>;
  size?: ChipSize;
}) {
  const { t } = useTranslation();
  if (!isKnownSfw(work)) return null;
  return (
    <Chip size={size} kind="sfw" icon={<IconShieldCheck size={12} />}>
      {t('workCard.sfw')}
    </Chip>
  );
}

/** Light-blue chip for works with subtitles. */
export function SubtitleChip({ work, size = 'sm' }: { work: Pick<Work, 'has_subtitle'>; size?: ChipSize }) {
  const { t } = useTranslation();
  if (!work.has_subtitle) return null;
  return (
    <Chip size={size} kind="subtitle" icon={<IconBadgeCc size={12} />}>
      {t('workCard.subtitle')}
    </Chip>
  );
}

/** One chip of a label list: a list item around the link, since a link may not take the listitem role. */
function LinkChip({
  to,
  size,
  kind,
  children,
}: {
  to: string;
  size: ChipSize;
  kind: 'tag' | 'va';
  children: ReactNode;
}) {
  return (
    <li className={classes.chipItem}>
      <Link to={to} className={`${classes.chip} ${classes.focusable}`} data-size={size} data-kind={kind}>
        <span className={classes.chipLabel}>{children}</span>
      </Link>
    </li>
  );
}

/** Tag chips in the reader's language, each opening the works with that tag. */
export function TagChips({ tags, size = 'sm', max }: { tags: Work['tags']; size?: ChipSize; max?: number }) {
  const { t, i18n } = useTranslation();
  if (!tags.length) return null;
  const shown = max ? tags.slice(0, max) : tags;
  return (
    <ul className={classes.chipList} aria-label={t('workCard.tags')}>
      {shown.map((tag) => (
        <LinkChip key={tag.id} to={`/works?tagId=${tag.id}`} size={size} kind="tag">
          {localTagName(tag, i18n.language)}
        </LinkChip>
      ))}
      {max && tags.length > max && (
        <li className={`${classes.chipItem} ${classes.dimmed}`} style={fontSize('xs')}>
          {t('workCard.moreTags', { count: tags.length - max })}
        </li>
      )}
    </ul>
  );
}

/** Voice-actor chips, each opening that voice actor's works. */
export function VaChips({ vas, size = 'sm' }: { vas: Work['vas']; size?: ChipSize }) {
  const { t } = useTranslation();
  if (!vas.length) return null;
  return (
    <ul className={classes.chipList} aria-label={t('workCard.vas')}>
      {vas.map((va) => (
        <LinkChip key={va.id} to={`/works?vaId=${encodeURIComponent(va.id)}`} size={size} kind="va">
          {va.name}
        </LinkChip>
      ))}
    </ul>
  );
}

/** The circle's name, opening the circle's works; nothing for an unknown circle (`UNKNOWN_CIRCLE`). */
export function CircleLink({ work, fz = 'sm' }: { work: Pick<Work, 'circle'>; fz?: FontSize }) {
  if (isUnknownCircle(work.circle)) return null;
  return (
    <Link
      to={`/works?circleId=${work.circle.id}`}
      className={`${classes.anchor} ${classes.dimmed} ${classes.clamp1}`}
      style={fontSize(fz)}
    >
      {work.circle.name}
    </Link>
  );
}

/**
 * The work's page on DLsite, in a new tab without a referrer; nothing for a work without a code
 * (`source_type` LOCAL: its `LOCAL-000001` is the server's number, not DLsite's).
 */
export function StoreLink({
  work,
  withLabel = false,
}: {
  work: Pick<Work, 'source_id' | 'source_type'>;
  withLabel?: boolean;
}) {
  const { t } = useTranslation();
  if (work.source_type === 'LOCAL') return null;
  return (
    <a
      href={`https://www.dlsite.com/maniax/work/=/product_id/${work.source_id}.html`}
      target="_blank"
      rel="noreferrer noopener"
      className={`${classes.anchor} ${classes.dimmed} ${classes.storeLink}`}
      aria-label={t('workCard.store')}
      title={t('workCard.store')}
    >
      {withLabel ? 'DLsite' : null}
      <IconExternalLink size={14} />
    </a>
  );
}

/** Review count with a speech-bubble icon. */
export function ReviewCount({ work }: { work: Pick<Work, 'review_count'> }) {
  const { t } = useTranslation();
  const count = work.review_count ?? 0;
  return (
    <span
      role="img"
      className={`${classes.text} ${classes.dimmed}`}
      style={fontSize('xs')}
      title={t('workCard.reviews', { count })}
      aria-label={t('workCard.reviews', { count })}
    >
      <IconMessage size={13} style={{ verticalAlign: -2 }} /> {count}
    </span>
  );
}

/** The price in yen. */
export function Price({ work, fz = 'sm' }: { work: Pick<Work, 'price'>; fz?: FontSize }) {
  if (work.price === null) return null;
  return (
    <span className={`${classes.text} ${classes.price}`} style={fontSize(fz)}>
      {formatPrice(work.price)}
    </span>
  );
}

/** Sales count (dl_count). */
export function Sales({ work, fz = 'xs' }: { work: Pick<Work, 'dl_count'>; fz?: FontSize }) {
  const { t } = useTranslation();
  if (work.dl_count === null) return null;
  return (
    <span className={`${classes.text} ${classes.dimmed}`} style={fontSize(fz)}>
      {t('workCard.sales', { value: formatCount(work.dl_count) })}
    </span>
  );
}
