import { Anchor, Card, Group, Stack } from '@mantine/core';
import type { Work } from '@sasayaki/api-contract';
import { Link } from 'react-router';
import { Cover } from './Cover';
import {
  CircleLink,
  Price,
  ReviewCount,
  Sales,
  SfwChip,
  StoreLink,
  SubtitleChip,
  TagChips,
  VaChips,
} from './chips';
import { StarRatingDisplay } from './StarRatingDisplay';
import classes from './work.module.css';

/** The rich card of the detail display mode: cover, title, circle, rating, price, sales and chips. */
export function WorkCard({ work, eager = false }: { work: Work; eager?: boolean }) {
  return (
    <Card withBorder padding="sm" radius="md" className={classes.card} component="article">
      <Card.Section>
        <Cover work={work} size="sam" eager={eager} />
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Anchor
          component={Link}
          to={`/work/${work.source_id}`}
          className={classes.title}
          lineClamp={2}
          fz="sm"
        >
          {work.title}
        </Anchor>
        <CircleLink work={work} fz="xs" />
        <Group gap={8} wrap="wrap">
          <StarRatingDisplay work={work} size="xs" />
          <ReviewCount work={work} />
          <StoreLink work={work} />
        </Group>
        <Group gap={8} align="baseline">
          <Price work={work} />
          <Sales work={work} />
        </Group>
        {(work.nsfw === false || work.has_subtitle) && (
          <Group gap={4}>
            <SfwChip work={work} size="xs" />
            <SubtitleChip work={work} size="xs" />
          </Group>
        )}
        <TagChips tags={work.tags} size="xs" />
        <VaChips vas={work.vas} size="xs" />
      </Stack>
    </Card>
  );
}
