/** Long enough for every browser to have started the download before the URL goes. */
const REVOKE_AFTER_MS = 1000;

/** Saves a file the page already holds, as the browser saves any download. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
