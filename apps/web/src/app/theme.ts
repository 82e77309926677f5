import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** A dusk violet: calm for late-night listening, readable on white and on black. */
const dusk: MantineColorsTuple = [
  '#f3f0ff',
  '#e4dcff',
  '#c6b6fb',
  '#a78ef7',
  '#8c6bf3',
  '#7b55f1',
  '#7249f1',
  '#613bd7',
  '#5634c1',
  '#492bab',
];

export const theme = createTheme({
  primaryColor: 'dusk',
  colors: { dusk },
  primaryShade: { light: 6, dark: 4 },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Hiragino Sans", "Noto Sans CJK JP", "Noto Sans JP", "Microsoft YaHei", sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
});
