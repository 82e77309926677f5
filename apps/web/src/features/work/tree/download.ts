import { mediaUrl } from '../../../api/client';

/** Starts a download of an API media path (the token rides in the URL; the server sends an attachment). */
export function download(path: string): void {
  const link = document.createElement('a');
  link.href = mediaUrl(path);
  link.rel = 'noopener';
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}
