import { Box, Group, Stack, Text, Title } from '@mantine/core';
import type { Work } from '@sasayaki/api-contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Cover } from '../../components/work/Cover';
import {
  CircleLink,
  isKnownSfw,
  Price,
  ReviewCount,
  Sales,
  SfwChip,
  StoreLink,
  SubtitleChip,
  VaChips,
} from '../../components/work/chips';
import { AlsoInLibrary } from '../../components/work/editions';
import { StarRatingDisplay } from '../../components/work/StarRatingDisplay';
import { formatDuration } from '../../lib/format';
import { WORK_PAGE_COVER_SIZE } from './api';
import { WorkTags } from './tags/WorkTags';
import classes from './work.module.css';

/** Everything of the card, large: cover, title, circle, rating, price, sales, chips; then the actions. */
export function WorkHeader({ work, actions }: { work: Work; actions: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box className={classes.header}>
      <Box className={classes.cover}>
        <Cover
          work={work}
          size={WORK_PAGE_COVER_SIZE}
          linked={false}
          eager
          radius="var(--mantine-radius-md)"
        />
      </Box>
      <Stack gap="xs" style={{ minWidth: 0 }}>
        <Title
          order={1}
          fz={{ base: 'h3', sm: 'h2' }}
          style={{ userSelect: 'text', wordBreak: 'break-word' }}
        >
          {work.title}
        </Title>
        <Group gap="xs">
          <Text span ff="monospace" fz="sm" c="dimmed">
            {work.source_id}
          </Text>
          <CircleLink work={work} fz="sm" />
        </Group>
        <AlsoInLibrary work={work} />
        <Group gap="sm" wrap="wrap">
          <StarRatingDisplay work={work} size="md" />
          <ReviewCount work={work} />
          <StoreLink work={work} withLabel />
        </Group>
        <Group gap="sm" align="baseline">
          <Price work={work} fz="lg" />
          <Sales work={work} fz="sm" />
          {work.duration > 0 && (
            <Text span fz="sm" c="dimmed">
              {t('work.duration', { duration: formatDuration(work.duration) })}
            </Text>
          )}
          {work.release && (
            <Text span fz="sm" c="dimmed">
              {t('workCard.released', { date: work.release })}
            </Text>
          )}
        </Group>
        {(isKnownSfw(work) || work.has_subtitle) && (
          <Group gap={6}>
            <SfwChip work={work} />
            <SubtitleChip work={work} />
          </Group>
        )}
        <WorkTags work={work} />
        <VaChips vas={work.vas} />
        <Box mt="xs">{actions}</Box>
      </Stack>
    </Box>
  );
}
