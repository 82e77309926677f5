export * from './constants.js';
export * from './edition-languages.js';
export * from './file-types.js';
export * from './rj-code.js';
export * from './schemas.js';
