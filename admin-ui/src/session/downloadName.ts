/** The file name of a download: the `Content-Disposition` answer's, else the given fallback name. */
export function downloadName(contentDisposition: string | null, fallback: string): string {
  if (contentDisposition) {
    const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(contentDisposition);
    if (star?.[1]) {
      try {
        return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
      } catch {
        // fall through to the plain name
      }
    }
    const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(contentDisposition);
    if (plain?.[1]) return plain[1].trim();
  }
  return fallback;
}
