/** What the browser benches of the device's documents share. */

/**
 * A tenant's logo as the device keeps it: a PNG data URL of a 480×160 letterhead mark, drawn here
 * so the bench carries no image file, and large enough that jsPDF decodes and embeds a real one.
 */
export function letterheadLogo(): string {
  const canvas = document.createElement('canvas')
  canvas.width = 480
  canvas.height = 160
  const context = canvas.getContext('2d')
  if (!context) throw new Error('no 2d canvas')
  const gradient = context.createLinearGradient(0, 0, 480, 160)
  gradient.addColorStop(0, '#0b5394')
  gradient.addColorStop(1, '#6fa8dc')
  context.fillStyle = gradient
  context.fillRect(0, 0, 160, 160)
  context.fillStyle = '#0b5394'
  context.font = 'bold 64px sans-serif'
  context.fillText('ACME', 180, 100)
  return canvas.toDataURL('image/png')
}

/** A document's bytes as a download hands them to the browser: src/reports/save-file.ts's Blob. */
export function asDownload(bytes: Uint8Array): Blob {
  // A copy: a Blob takes an ArrayBuffer, not a view.
  return new Blob([bytes.slice().buffer as ArrayBuffer], { type: 'application/pdf' })
}
