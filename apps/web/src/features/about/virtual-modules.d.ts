/** Provided by licences-plugin.ts at build time. */
declare module 'virtual:sasayaki-licences' {
  const licences: Array<{ name: string; version: string; license: string; homepage: string | null }>;
  export default licences;
}

/** apps/web/package.json's version, defined at build time (undefined under Vitest). */
declare const __SASAYAKI_WEB_VERSION__: string | undefined;
