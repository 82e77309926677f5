/**
 * Build-time only (imported by vite.config.ts, never by the app): links at the top of index.html that
 * fetch the app's chunk (which the small entry, main.tsx, imports once it has started the first
 * screen's reads) beside the entry, and a small script that, when the address is the works list
 * (`/works`, or `/` which leads there) or a work page, asks at once for that screen's chunks (router.tsx
 * loads them lazily) and their stylesheets. Without them each was asked for only once the code before it
 * had loaded and run, one step later each on the first screen's path. Other addresses fetch none of the
 * screens' chunks, so their first screens do not wait behind them.
 */
import type { Plugin } from 'vite';

/** The app, which index.html's script (main.tsx) loads on every address (a second entry of the build). */
const APP_MODULE = '/src/app/start-app.tsx';

/** The first screens worth the early fetch: the address they answer, and the modules they load. */
const SCREENS = [
  { path: '^/(works/?)?$', modules: ['/src/features/works/WorksPage.tsx'] },
  // The work page waits for its own messages too (router.tsx), not for the other screens'.
  { path: '^/work/[^/]+/?$', modules: ['/src/features/work/WorkPage.tsx', '/src/i18n/work-messages.ts'] },
];

type Bundle = NonNullable<Parameters<Extract<Plugin['generateBundle'], (...args: never[]) => unknown>>[1]>;
type Chunk = Extract<Bundle[string], { type: 'chunk' }>;

/**
 * The chunks of `modules` and every chunk they import that neither the entry nor `loaded` (chunks the
 * page fetches anyway) already brings.
 */
function screenFiles(
  bundle: Bundle,
  modules: string[],
  loaded: readonly string[] = [],
): { scripts: string[]; styles: string[] } {
  const chunks = Object.values(bundle).filter((output): output is Chunk => output.type === 'chunk');
  // index.html's own script (main.tsx's chunk): the page has it already. The app is an entry too.
  const entries = new Set(
    chunks
      .filter((chunk) => chunk.isEntry && !chunk.facadeModuleId?.endsWith(APP_MODULE))
      .map((chunk) => chunk.fileName),
  );
  const scripts: string[] = [];
  const styles = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (entries.has(fileName) || loaded.includes(fileName) || scripts.includes(fileName)) return;
    if (chunk?.type !== 'chunk') return;
    scripts.push(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const module of modules) {
    // A module grouped into a chunk of several (screen-chunks-plugin.ts) may not be its facade.
    const chunk =
      chunks.find((candidate) => candidate.facadeModuleId?.endsWith(module)) ??
      chunks.find((candidate) => candidate.moduleIds.some((id) => id.endsWith(module)));
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
        const app = screenFiles(bundle, [APP_MODULE]);
        const screens = SCREENS.map(({ path, modules }) => {
          const { scripts, styles } = screenFiles(bundle, modules, app.scripts);
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
        const appLinks = [
          ...app.scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
          ...app.styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
        ];
        // Before the entry's script and stylesheet: a script after a stylesheet waits for it.
        return html.replace(
          '</title>',
          `</title>\n    ${appLinks.join('\n    ')}\n    <script>${script}</script>`,
        );
      },
    },
  };
}
