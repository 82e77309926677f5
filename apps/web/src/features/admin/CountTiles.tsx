import { SimpleGrid, Stack, Text } from '@mantine/core';

export interface CountTile {
  /** Also the tile's `data-count`, which tests read. */
  id: string;
  value: number;
  label: string;
  /** The number's colour once it is above zero (a zero stays plain). */
  colour?: string;
}

/** A row of counts, each a number over its label: the scan's and the metadata fetch's. */
export function CountTiles({ tiles, cols }: { tiles: CountTile[]; cols: { base: number; sm: number } }) {
  return (
    <SimpleGrid cols={cols} spacing="xs">
      {tiles.map((tile) => (
        <Stack
          key={tile.id}
          gap={0}
          align="center"
          p={6}
          bg="var(--mantine-color-default-hover)"
          style={{ borderRadius: 8 }}
        >
          <Text fz="xl" fw={650} c={tile.value > 0 ? tile.colour : undefined} data-count={tile.id}>
            {tile.value}
          </Text>
          <Text size="xs" c="dimmed">
            {tile.label}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
