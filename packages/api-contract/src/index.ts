export * from './constants.js';
export * from './ecosystem.js';
export * from './edition-languages.js';
export * from './file-types.js';
export * from './recommender.js';
export * from './rj-code.js';
export * from './schemas.js';
export * from './shared-config.js';
