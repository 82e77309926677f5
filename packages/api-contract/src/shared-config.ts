/**
 * The player's seek times as kikoeru servers share them with their web app (`GET /api/config/shared`,
 * seconds). Sasayaki's own web app starts from the same values and keeps each user's choice locally.
 */
export const DEFAULT_SEEK_TIMES = Object.freeze({ rewindSeekTime: 5, forwardSeekTime: 30 });
