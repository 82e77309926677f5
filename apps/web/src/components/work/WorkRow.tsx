import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import type { Work } from '@sasayaki/api-contract';
import { Link } from 'react-router';
import { Cover } from './Cover';
import { CircleLink, Price, SfwChip, SubtitleChip, TagChips } from './chips';
import { StarRatingDisplay } from './StarRatingDisplay';
import classes from './work.module.css';

/** The list display mode: one compact row per work (the facts move under the title on phones). */
export function WorkRow({ work, eager = false }: { work: Work; eager?: boolean }) {
  const facts = (
    <>
      <StarRatingDisplay work={work} size="xs" withNumbers={false} />
      <Group gap={4} wrap="nowrap">
        <SfwChip work={work} size="xs" />
        <SubtitleChip work={work} size="xs" />
        <Price work={work} fz="xs" />
      </Group>
    </>
  );
  return (
    <Box className={classes.row} component="article">
      <Box className={classes.rowCover}>
        <Cover work={work} size="thumb" overlays={false} eager={eager} />
      </Box>
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Anchor
          component={Link}
          to={`/work/${work.source_id}`}
          className={classes.title}
          lineClamp={1}
          fz="sm"
        >
          {work.title}
        </Anchor>
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <Text span fz="xs" c="dimmed" ff="monospace" style={{ flex: 'none' }}>
            {work.source_id}
          </Text>
          {work.release && (
            <Text span fz="xs" c="dimmed" style={{ flex: 'none' }} visibleFrom="sm">
              {work.release}
            </Text>
          )}
          <CircleLink work={work} fz="xs" />
          {work.vas.length > 0 && (
            <Text span fz="xs" c="dimmed" lineClamp={1} visibleFrom="sm">
              · {work.vas.map((va) => va.name).join(' ')}
            </Text>
          )}
        </Group>
        <Group gap={8} wrap="wrap" hiddenFrom="sm">
          {facts}
        </Group>
        <Box visibleFrom="sm">
          <TagChips tags={work.tags} size="xs" max={6} />
        </Box>
      </Stack>
      <Stack gap={4} align="flex-end" style={{ flex: '0 0 auto' }} visibleFrom="sm">
        {facts}
      </Stack>
    </Box>
  );
}
