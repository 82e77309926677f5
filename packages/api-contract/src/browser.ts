/**
 * The contract for the web app: constants and helpers as values, schemas as types only, so the bundle
 * carries no zod.
 */
export * from './admin-setting-constants.js';
export type * from './admin-settings.js';
export type * from './administration.js';
export * from './constants.js';
export type * from './ecosystem.js';
export * from './edition-languages.js';
export * from './file-types.js';
export * from './playlist-constants.js';
export type * from './playlists.js';
export * from './rj-code.js';
export type * from './scan-history.js';
export type * from './schemas.js';
export * from './shared-config.js';
export * from './tag-vote-constants.js';
export type * from './tag-votes.js';
