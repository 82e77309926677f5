import { Box, Card, Skeleton, Stack } from '@mantine/core';
import classes from './work.module.css';

export function WorkCardSkeleton() {
  return (
    <Card withBorder padding="sm" radius="md" aria-hidden>
      <Card.Section>
        <Skeleton style={{ aspectRatio: '4 / 3' }} radius={0} />
      </Card.Section>
      <Stack gap={8} mt="sm">
        <Skeleton height={14} />
        <Skeleton height={14} width="70%" />
        <Skeleton height={10} width="40%" />
        <Skeleton height={12} width="60%" />
        <Skeleton height={16} width="80%" />
      </Stack>
    </Card>
  );
}

export function WorkTileSkeleton() {
  return <Skeleton style={{ aspectRatio: '1 / 1' }} aria-hidden />;
}

export function WorkRowSkeleton() {
  return (
    <Box className={classes.row} aria-hidden>
      <Skeleton width={64} height={64} radius="sm" />
      <Stack gap={6} style={{ flex: 1 }}>
        <Skeleton height={14} width="60%" />
        <Skeleton height={10} width="35%" />
      </Stack>
    </Box>
  );
}
