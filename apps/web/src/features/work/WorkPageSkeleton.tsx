import { Box, Group, Skeleton, Stack } from '@mantine/core';
import classes from './work.module.css';

export function WorkPageSkeleton() {
  return (
    <Stack gap="lg" maw={1280} mx="auto" aria-busy>
      <Box className={classes.header}>
        <Skeleton style={{ aspectRatio: '4 / 3' }} />
        <Stack gap="sm">
          <Skeleton height={30} width="80%" />
          <Skeleton height={14} width="40%" />
          <Skeleton height={18} width="50%" />
          <Skeleton height={18} width="35%" />
          <Group gap={6}>
            {[60, 80, 50, 70].map((width) => (
              <Skeleton key={width} height={20} width={width} radius="xl" />
            ))}
          </Group>
        </Stack>
      </Box>
      <Skeleton height={240} />
    </Stack>
  );
}
