/**
 * Opens a file's bytes in a new tab (a PDF or a photo); where the browser blocks it, downloads
 * them. Shared by every list of a record's files.
 */
export function openBytes(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob)
  // Without 'noopener': with it, open answers null even when the tab opened. The tab shows our
  // own checked bytes (a PDF or an image), nothing that could script its opener.
  if (!window.open(url, '_blank')) {
    const link = document.createElement('a')
    link.href = url
    link.download = name
    link.click()
  }
  // The new tab has read the URL by then; the object URL would otherwise hold the bytes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
