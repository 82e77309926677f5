// Mantine's Tooltip in a chunk of its own: with it come floating-ui and the transitions (about 17 KB gz).
export { Tooltip } from '@mantine/core';
