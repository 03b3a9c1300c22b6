import type { ImageType } from '../contract/rules/files'

export interface Size {
  width: number
  height: number
}

/** Reading and drawing images: the browser's canvas, or a stand-in where there is none (tests). */
export interface ImageCodec {
  sizeOf(image: Blob): Promise<Size>
  /** The image drawn at `size` and encoded as `type`. */
  encode(image: Blob, size: Size, type: ImageType): Promise<Blob>
}

/** Scales an image down until it weighs at most `maxBytes`; see `scaleImageUnder`. */
export type ImageScaler = (image: Blob, type: ImageType, maxBytes: number) => Promise<Blob>

/** JPEG's quality: a photo of a document stays legible, and weighs a fraction of a PNG. */
const JPEG_QUALITY = 0.85
/** Each try after the first shrinks both sides by this much. */
const STEP = 0.8
const MAX_TRIES = 12
/** The first guess aims a little under the bound: sizes do not fall exactly with the area. */
const MARGIN = 0.9

/** `size` scaled by `factor`, keeping its aspect, never below one pixel nor above itself. */
export function scaledSize(size: Size, factor: number): Size {
  const f = Math.min(1, factor)
  return { width: Math.max(1, Math.round(size.width * f)), height: Math.max(1, Math.round(size.height * f)) }
}

/**
 * Scales an image down, keeping its aspect, until it weighs at most `maxBytes` (SPEC §5: images
 * under 2 MB), so that a camera's photo can be attached offline. The first size is guessed from
 * the weight (it falls about with the area), and each try after it is smaller. A PNG stays a
 * PNG when that fits; where it does not at a size, the same size as JPEG is tried before going
 * smaller (a photo saved as PNG barely shrinks as PNG). Throws when nothing fits.
 */
export async function scaleImageUnder(
  image: Blob,
  type: ImageType,
  maxBytes: number,
  codec: ImageCodec = canvasCodec(),
): Promise<Blob> {
  const original = await codec.sizeOf(image)
  let factor = Math.sqrt(maxBytes / image.size) * MARGIN
  for (let attempt = 0; attempt < MAX_TRIES; attempt++, factor *= STEP) {
    const size = scaledSize(original, factor)
    const same = await codec.encode(image, size, type)
    if (same.size <= maxBytes) return same
    if (type === 'image/png') {
      const jpeg = await codec.encode(image, size, 'image/jpeg')
      if (jpeg.size <= maxBytes) return jpeg
    }
    if (size.width === 1 && size.height === 1) break
  }
  throw new Error(`the image cannot be brought under ${maxBytes} bytes`)
}

/** The browser's codec: decoded with createImageBitmap, drawn and encoded on a canvas. */
export function canvasCodec(): ImageCodec {
  return {
    async sizeOf(image) {
      const bitmap = await createImageBitmap(image)
      const size = { width: bitmap.width, height: bitmap.height }
      bitmap.close()
      return size
    },
    async encode(image, size, type) {
      const bitmap = await createImageBitmap(image, {
        resizeWidth: size.width,
        resizeHeight: size.height,
        resizeQuality: 'high',
      })
      const canvas = new OffscreenCanvas(size.width, size.height)
      const context = canvas.getContext('2d')
      if (!context) throw new Error('no 2d canvas')
      // JPEG has no transparency: a transparent PNG's background becomes white, not black.
      if (type === 'image/jpeg') {
        context.fillStyle = '#fff'
        context.fillRect(0, 0, size.width, size.height)
      }
      context.drawImage(bitmap, 0, 0)
      bitmap.close()
      return canvas.convertToBlob({ type, ...(type === 'image/jpeg' ? { quality: JPEG_QUALITY } : {}) })
    },
  }
}
