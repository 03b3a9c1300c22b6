import type { jsPDF } from 'jspdf'

/** PNG or JPEG from a data URL, as jsPDF names the formats; null for anything else. */
function imageFormat(dataUrl: string): 'PNG' | 'JPEG' | null {
  const match = /^data:image\/(png|jpe?g);base64,/i.exec(dataUrl)
  if (!match?.[1]) return null
  return match[1].toLowerCase() === 'png' ? 'PNG' : 'JPEG'
}

/**
 * Draws the tenant's logo (a PNG or JPEG data URL) scaled into its box at (x, y); answers the
 * width it took plus a gap (0 without a usable logo).
 */
export function drawLogo(
  doc: jsPDF,
  logo: string | null | undefined,
  at: { x: number; y: number; width: number; height: number },
): number {
  const format = logo ? imageFormat(logo) : null
  if (!logo || !format) return 0
  try {
    const { width, height } = doc.getImageProperties(logo)
    const scale = Math.min(at.width / width, at.height / height)
    // Deflated: jsPDF otherwise embeds the decoded pixels, and a 480×160 logo made each
    // document 300 KB instead of 10 KB, for about the same time to build.
    doc.addImage(logo, format, at.x, at.y, width * scale, height * scale, undefined, 'FAST')
    return width * scale + 4
  } catch {
    // A logo the decoder cannot read must not keep the patient from their document: go without it.
    return 0
  }
}
