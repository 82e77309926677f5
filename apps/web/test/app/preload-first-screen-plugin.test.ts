import type { IndexHtmlTransformContext } from 'vite';
import { describe, expect, it } from 'vitest';
import { preloadFirstScreenPlugin } from '../../src/app/preload-first-screen-plugin';

/** What index.html's start-up script asks for on a work page (issue 14's phone budget). */

type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>;

function chunk(fileName: string, facadeModuleId: string | null, imports: string[] = [], isEntry = false) {
  return {
    type: 'chunk',
    fileName,
    facadeModuleId,
    moduleIds: facadeModuleId ? [facadeModuleId] : [],
    imports,
    isEntry,
    viteMetadata: { importedCss: new Set() },
  };
}

const bundle = Object.fromEntries(
  [
    chunk('assets/index.js', '/app/src/main.tsx', [], true),
    chunk('assets/app.js', '/app/src/app/start-app.tsx', ['assets/index.js']),
    chunk('assets/WorksPage.js', '/app/src/features/works/WorksPage.tsx', [
      'assets/index.js',
      'assets/app.js',
    ]),
    chunk('assets/WorkPage.js', '/app/src/features/work/WorkPage.tsx', [
      'assets/index.js',
      'assets/app.js',
      'assets/Menu.js',
    ]),
    chunk('assets/Menu.js', null, ['assets/index.js']),
    chunk('assets/work-messages.js', '/app/src/i18n/work-messages.ts'),
    chunk('assets/deferred-messages.js', '/app/src/i18n/deferred-messages.ts'),
  ].map((output) => [output.fileName, output]),
) as unknown as Bundle;

function indexHtml(): string {
  const transform = preloadFirstScreenPlugin().transformIndexHtml as {
    handler: (html: string, context: IndexHtmlTransformContext) => string;
  };
  return transform.handler('<title>Sasayaki</title>', { bundle } as IndexHtmlTransformContext);
}

function workPageLinks(): string[] {
  const html = indexHtml();
  const screens = JSON.parse(/for \(const \[path, links\] of (.*)\) \{/.exec(html)?.[1] ?? '[]') as [
    string,
    [string, string][],
  ][];
  return (screens.find(([path]) => path.startsWith('^/work/'))?.[1] ?? []).map(([, href]) => href);
}

describe('the first screen preload script on a work page', () => {
  it('asks for the page, the chunks it imports and its own messages, not every screen’s', () => {
    expect(workPageLinks()).toEqual(['/assets/WorkPage.js', '/assets/Menu.js', '/assets/work-messages.js']);
  });

  it('is led by the app’s chunk on every address, which the entry imports once it has started the reads', () => {
    const html = indexHtml();
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/app.js">');
    expect(html.indexOf('/assets/app.js')).toBeLessThan(html.indexOf('<script>'));
  });
});
