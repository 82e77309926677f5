import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mantineStylesNeeded } from '../../src/app/mantine-styles-needed';

/**
 * The app loads only the Mantine stylesheets its components need (issue 14's phone budget): a component
 * newly used without its stylesheet in app/mantine.css would render unstyled.
 */
describe("the app's Mantine stylesheets", () => {
  it('are exactly those of the components it uses, in styles.css order', () => {
    const srcDir = join(import.meta.dirname, '../../src');
    const imported = [
      ...readFileSync(`${srcDir}/app/mantine.css`, 'utf8').matchAll(
        /@import "@mantine\/core\/styles\/([A-Za-z-]+)\.css";/g,
      ),
    ].map((match) => match[1]);
    const base = ['baseline', 'default-css-variables', 'global'];
    expect(imported).toEqual([...base, ...mantineStylesNeeded(srcDir)]);
  });
});
