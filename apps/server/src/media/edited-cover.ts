/**
 * `works.cover_source` of a cover an administrator chose (uploaded, or picked among the work's images):
 * the scanner and the metadata providers keep such a cover and never make another over it. Reverting
 * the edit restores the cover they had made (services/metadata-edit.service.ts).
 */
export const EDITED_COVER_SOURCE = 'edit';

export const isEditedCover = (coverSource: string | null | undefined): boolean =>
  coverSource === EDITED_COVER_SOURCE;
