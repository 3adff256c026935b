/**
 * Whether a caller's returnUrl (where a 3-D Secure page sends the browser back) is acceptable:
 * an http(s) address without credentials in it.
 */
export function isReturnUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '';
  } catch {
    return false;
  }
}
