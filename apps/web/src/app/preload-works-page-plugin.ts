/**
 * Build-time only (imported by vite.config.ts, never by the app): a small script at the top of
 * index.html that, when the address is the works list (`/works`, or `/` which leads there), asks at once
 * for the works screen's chunk, the chunks it imports and its stylesheet, beside the app's own bundle.
 * Without it they were asked for only once that bundle had loaded and run, one step later on the first
 * screen's path. Other addresses do not fetch them, so other first screens do not wait behind them.
 */
import type { Plugin } from 'vite';

/** The screen whose chunk is fetched early (router.tsx imports it lazily). */
const SCREEN = '/src/features/works/WorksPage.tsx';

type Bundle = NonNullable<Parameters<Extract<Plugin['generateBundle'], (...args: never[]) => unknown>>[1]>;
type Chunk = Extract<Bundle[string], { type: 'chunk' }>;

/** The chunk of SCREEN and every chunk it imports that the entry does not already bring. */
function screenFiles(bundle: Bundle): { scripts: string[]; styles: string[] } {
  const chunks = Object.values(bundle).filter((output): output is Chunk => output.type === 'chunk');
  const screen = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(SCREEN));
  if (!screen) throw new Error(`preload-works-page: no chunk for ${SCREEN}`);
  const entries = new Set(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
  const scripts: string[] = [];
  const styles = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (entries.has(fileName) || scripts.includes(fileName) || chunk?.type !== 'chunk') return;
    scripts.push(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
    for (const imported of chunk.imports) visit(imported);
  };
  visit(screen.fileName);
  return { scripts, styles: [...styles] };
}

export function preloadWorksPagePlugin(): Plugin {
  return {
    name: 'sasayaki-preload-works-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context): string {
        if (!context.bundle) return html;
        const { scripts, styles } = screenFiles(context.bundle);
        const links = [
          ...scripts.map((file) => ['modulepreload', `/${file}`]),
          ...styles.map((file) => ['preload', `/${file}`]),
        ];
        // The stylesheets are only fetched here: the chunk's loader inserts them when the screen loads,
        // with `crossorigin` as these links have, so that it finds them fetched.
        const script = `if (/^\\/(works\\/?)?$/.test(location.pathname)) for (const [rel, href] of ${JSON.stringify(links)}) {
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  link.crossOrigin = '';
  if (rel === 'preload') link.as = 'style';
  document.head.appendChild(link);
}`;
        // Before the app's own script and stylesheet: a script after a stylesheet waits for it.
        return html.replace('</title>', `</title>\n    <script>${script}</script>`);
      },
    },
  };
}
