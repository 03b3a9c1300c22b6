/**
 * A signature drawn with a finger or a stylus, kept as its strokes: each stroke a list of points,
 * each point `[x, y]` as fractions (0–1) of the pad's width and height. Fractions, not pixels, so
 * the same signature draws alike on a phone's pad, a tablet's, a resized window's and the file.
 */
export type SignatureStrokes = ReadonlyArray<ReadonlyArray<readonly [number, number]>>

/**
 * The saved image's size: sharp enough for a printed page, a few kilobytes as a PNG. Its shape
 * (5:2) is the pad's (components.css): a signature line, wide and low, yet tall enough for a
 * finger on a phone; documents print it in a box of about this shape.
 */
export const SIGNATURE_IMAGE = { width: 900, height: 360 } as const

/** The ink, the blue-black of a ballpoint pen, legible on white and when printed in grey. */
export const SIGNATURE_INK = '#10214d'

/**
 * Draws the strokes onto a 2D context of `width` × `height` pixels, the line `lineWidth` wide.
 * Each stroke is smoothed through the midpoints of its points (quadratic curves), as a pen's
 * line would run; a single point is a dot.
 */
export function drawStrokes(
  context: CanvasRenderingContext2D,
  strokes: SignatureStrokes,
  width: number,
  height: number,
  lineWidth: number,
): void {
  context.lineCap = 'round'
  context.lineJoin = 'round'
  context.lineWidth = lineWidth
  context.strokeStyle = SIGNATURE_INK
  context.fillStyle = SIGNATURE_INK
  for (const stroke of strokes) {
    const points = stroke.map(([x, y]) => [x * width, y * height] as const)
    const [first] = points
    if (!first) continue
    if (points.length === 1) {
      context.beginPath()
      context.arc(first[0], first[1], lineWidth / 2, 0, Math.PI * 2)
      context.fill()
      continue
    }
    context.beginPath()
    context.moveTo(first[0], first[1])
    for (let index = 1; index < points.length - 1; index += 1) {
      const [x, y] = points[index] as readonly [number, number]
      const [nextX, nextY] = points[index + 1] as readonly [number, number]
      context.quadraticCurveTo(x, y, (x + nextX) / 2, (y + nextY) / 2)
    }
    const last = points[points.length - 1] as readonly [number, number]
    context.lineTo(last[0], last[1])
    context.stroke()
  }
}

/** The line's width on a pad `width` pixels wide: the file's 900 px take a 5 px line. */
export const lineWidthFor = (width: number) => Math.max(2, (width / SIGNATURE_IMAGE.width) * 5)

/**
 * The signature as a PNG on a transparent ground (it sits on the document's signature line),
 * SIGNATURE_IMAGE in size whatever the pad's. Refused (an error) where the browser cannot draw.
 */
export async function signaturePng(strokes: SignatureStrokes): Promise<Blob> {
  const canvas = document.createElement('canvas')
  canvas.width = SIGNATURE_IMAGE.width
  canvas.height = SIGNATURE_IMAGE.height
  const context = canvas.getContext('2d')
  if (!context) throw new Error('signature: no 2D canvas on this device')
  drawStrokes(context, strokes, canvas.width, canvas.height, lineWidthFor(canvas.width))
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('signature: the image could not be made'))),
      'image/png',
    ),
  )
}
