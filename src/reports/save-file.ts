/**
 * Saves bytes the device made as a download (Blob + <a download>), with no server involved, so
 * it works offline. The object URL lives a moment after the click: some browsers read it late.
 */
export function saveFile(bytes: Uint8Array, fileName: string, type: string): void {
  // A copy into a plain ArrayBuffer: the Blob constructor's types refuse a shared buffer view.
  const url = URL.createObjectURL(new Blob([bytes.slice().buffer as ArrayBuffer], { type }))
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName })
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
