/** SPEC §5/§9: images are png or jpg and under 2 MB. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024

export type ImageType = 'image/png' | 'image/jpeg'

/** The image type read from the bytes themselves (DESIGN §6: never from the name). */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  if (bytes.length >= png.length && png.every((byte, i) => bytes[i] === byte)) return 'image/png'
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
  return null
}
