/**
 * Build-time only (imported by vite.config.ts, never by the app): a small script at the top of
 * index.html that, when the address is the works list (`/works`, or `/` which leads there) or a work
 * page, asks at once for that screen's chunks (router.tsx loads them lazily) and their stylesheets,
 * beside the app's own bundle. Without it they were asked for only once that bundle had loaded and run,
 * one step later on the first screen's path. Other addresses fetch none of them, so their first screens
 * do not wait behind them.
 */
import type { Plugin } from 'vite';

/** The first screens worth the early fetch: the address they answer, and the modules they load. */
const SCREENS = [
  { path: '^/(works/?)?$', modules: ['/src/features/works/WorksPage.tsx'] },
  // The work page waits for its own messages too (router.tsx), not for the other screens'.
  { path: '^/work/[^/]+/?$', modules: ['/src/features/work/WorkPage.tsx', '/src/i18n/work-messages.ts'] },
];

type Bundle = NonNullable<Parameters<Extract<Plugin['generateBundle'], (...args: never[]) => unknown>>[1]>;
type Chunk = Extract<Bundle[string], { type: 'chunk' }>;

/** The chunks of `modules` and every chunk they import that the entry does not already bring. */
function screenFiles(bundle: Bundle, modules: string[]): { scripts: string[]; styles: string[] } {
  const chunks = Object.values(bundle).filter((output): output is Chunk => output.type === 'chunk');
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
  for (const module of modules) {
    const chunk = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(module));
    if (!chunk) throw new Error(`preload-first-screen: no chunk for ${module}`);
    visit(chunk.fileName);
  }
  return { scripts, styles: [...styles] };
}

export function preloadFirstScreenPlugin(): Plugin {
  return {
    name: 'sasayaki-preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context): string {
        const bundle = context.bundle;
        if (!bundle) return html;
        const screens = SCREENS.map(({ path, modules }) => {
          const { scripts, styles } = screenFiles(bundle, modules);
          return [
            path,
            [
              ...scripts.map((file) => ['modulepreload', `/${file}`]),
              ...styles.map((file) => ['preload', `/${file}`]),
            ],
          ];
        });
        // The stylesheets are only fetched here: the chunks' loader inserts them when the screen loads,
        // with `crossorigin` as these links have, so that it finds them fetched.
        const script = `for (const [path, links] of ${JSON.stringify(screens)}) {
  if (!new RegExp(path).test(location.pathname)) continue;
  for (const [rel, href] of links) {
    const link = document.createElement('link');
    link.rel = rel;
    link.href = href;
    link.crossOrigin = '';
    if (rel === 'preload') link.as = 'style';
    document.head.appendChild(link);
  }
}`;
        // Before the app's own script and stylesheet: a script after a stylesheet waits for it.
        return html.replace('</title>', `</title>\n    <script>${script}</script>`);
      },
    },
  };
}
