import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import type { Work } from '@sasayaki/api-contract';
import { Link } from 'react-router';
import { Cover } from './Cover';
import { CircleLink, Price, SfwChip, SubtitleChip, TagChips } from './chips';
import { StarRatingDisplay } from './StarRatingDisplay';
import classes from './work.module.css';

/** The list display mode: one compact row per work. */
export function WorkRow({ work, eager = false }: { work: Work; eager?: boolean }) {
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
          <Text span fz="xs" c="dimmed" ff="monospace">
            {work.source_id}
          </Text>
          <CircleLink work={work} fz="xs" />
          {work.vas.length > 0 && (
            <Text span fz="xs" c="dimmed" lineClamp={1}>
              · {work.vas.map((va) => va.name).join(' ')}
            </Text>
          )}
        </Group>
        <Box visibleFrom="sm">
          <TagChips tags={work.tags} size="xs" max={6} />
        </Box>
      </Stack>
      <Stack gap={4} align="flex-end" style={{ flex: '0 0 auto' }}>
        <StarRatingDisplay work={work} size="xs" withNumbers={false} />
        <Group gap={4} wrap="nowrap">
          <SfwChip work={work} size="xs" />
          <SubtitleChip work={work} size="xs" />
          <Price work={work} fz="xs" />
        </Group>
      </Stack>
    </Box>
  );
}
