import { Anchor, Badge, Group, Text } from '@mantine/core';
import type { Work } from '@sasayaki/api-contract';
import { IconBadgeCc, IconExternalLink, IconMessage, IconShieldCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCount, formatPrice } from '../../lib/format';
import { localTagName } from './tag-name';
import classes from './work.module.css';

type ChipSize = 'xs' | 'sm' | 'md';

/** Green 'all ages' chip, shown when the work is not NSFW (nsfw === false). */
export function SfwChip({ work, size = 'sm' }: { work: Pick<Work, 'nsfw'>; size?: ChipSize }) {
  const { t } = useTranslation();
  if (work.nsfw !== false) return null;
  return (
    <Badge size={size} variant="outline" color="green" leftSection={<IconShieldCheck size={12} />}>
      {t('workCard.sfw')}
    </Badge>
  );
}

/** Light-blue chip for works with subtitles. */
export function SubtitleChip({ work, size = 'sm' }: { work: Pick<Work, 'has_subtitle'>; size?: ChipSize }) {
  const { t } = useTranslation();
  if (!work.has_subtitle) return null;
  return (
    <Badge size={size} variant="light" color="cyan" leftSection={<IconBadgeCc size={12} />}>
      {t('workCard.subtitle')}
    </Badge>
  );
}

/** One chip of a label list: a list item around the link, since a link may not take the listitem role. */
function LinkChip({
  to,
  size,
  color,
  children,
}: {
  to: string;
  size: ChipSize;
  color: string;
  children: ReactNode;
}) {
  return (
    <li className={classes.chipItem}>
      <Badge
        component={Link}
        to={to}
        size={size}
        variant="light"
        color={color}
        tt="none"
        fw={500}
        style={{ cursor: 'pointer' }}
      >
        {children}
      </Badge>
    </li>
  );
}

/** Tag chips in the reader's language, each opening the works with that tag. */
export function TagChips({ tags, size = 'sm', max }: { tags: Work['tags']; size?: ChipSize; max?: number }) {
  const { t, i18n } = useTranslation();
  if (!tags.length) return null;
  const shown = max ? tags.slice(0, max) : tags;
  return (
    <Group component="ul" className={classes.chipList} gap={4} aria-label={t('workCard.tags')}>
      {shown.map((tag) => (
        <LinkChip key={tag.id} to={`/works?tagId=${tag.id}`} size={size} color="gray">
          {localTagName(tag, i18n.language)}
        </LinkChip>
      ))}
      {max && tags.length > max && (
        <li className={classes.chipItem}>
          <Text span fz="xs" c="dimmed">
            {t('workCard.moreTags', { count: tags.length - max })}
          </Text>
        </li>
      )}
    </Group>
  );
}

/** Voice-actor chips, each opening that voice actor's works. */
export function VaChips({ vas, size = 'sm' }: { vas: Work['vas']; size?: ChipSize }) {
  const { t } = useTranslation();
  if (!vas.length) return null;
  return (
    <Group component="ul" className={classes.chipList} gap={4} aria-label={t('workCard.vas')}>
      {vas.map((va) => (
        <LinkChip key={va.id} to={`/works?vaId=${encodeURIComponent(va.id)}`} size={size} color="teal">
          {va.name}
        </LinkChip>
      ))}
    </Group>
  );
}

/** The circle's name, opening the circle's works. */
export function CircleLink({ work, fz = 'sm' }: { work: Pick<Work, 'circle'>; fz?: string }) {
  if (!work.circle) return null;
  return (
    <Anchor component={Link} to={`/works?circleId=${work.circle.id}`} fz={fz} c="dimmed" lineClamp={1}>
      {work.circle.name}
    </Anchor>
  );
}

/** The work's page on DLsite, in a new tab without a referrer. */
export function StoreLink({
  work,
  withLabel = false,
}: {
  work: Pick<Work, 'source_id'>;
  withLabel?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Anchor
      href={`https://www.dlsite.com/maniax/work/=/product_id/${work.source_id}.html`}
      target="_blank"
      rel="noreferrer noopener"
      fz="xs"
      c="dimmed"
      aria-label={t('workCard.store')}
      title={t('workCard.store')}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 2 }}
    >
      {withLabel ? 'DLsite' : null}
      <IconExternalLink size={14} />
    </Anchor>
  );
}

/** Review count with a speech-bubble icon. */
export function ReviewCount({ work }: { work: Pick<Work, 'review_count'> }) {
  const { t } = useTranslation();
  const count = work.review_count ?? 0;
  return (
    <Text
      span
      fz="xs"
      c="dimmed"
      title={t('workCard.reviews', { count })}
      aria-label={t('workCard.reviews', { count })}
    >
      <IconMessage size={13} style={{ verticalAlign: -2 }} /> {count}
    </Text>
  );
}

/** The price in yen. */
export function Price({ work, fz = 'sm' }: { work: Pick<Work, 'price'>; fz?: string }) {
  if (work.price === null) return null;
  return (
    <Text span fz={fz} fw={700} c="red.7">
      {formatPrice(work.price)}
    </Text>
  );
}

/** Sales count (dl_count). */
export function Sales({ work, fz = 'xs' }: { work: Pick<Work, 'dl_count'>; fz?: string }) {
  const { t } = useTranslation();
  if (work.dl_count === null) return null;
  return (
    <Text span fz={fz} c="dimmed">
      {t('workCard.sales', { value: formatCount(work.dl_count) })}
    </Text>
  );
}
