/** SPEC §5/§9: images are png or jpg and under 2 MB. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024

/** SPEC §5: a client's PDF files are at most 5 MB each; the same bound holds for any PDF kept. */
export const MAX_PDF_BYTES = 5 * 1024 * 1024

export type ImageType = 'image/png' | 'image/jpeg'

/** The types a file kept by the API may have: read from its bytes, never from its name. */
export type FileType = ImageType | 'application/pdf'

export const FILE_TYPES = [
  'image/png',
  'image/jpeg',
  'application/pdf',
] as const satisfies readonly FileType[]

/** The image type read from the bytes themselves (DESIGN §6: never from the name). */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  if (bytes.length >= png.length && png.every((byte, i) => bytes[i] === byte)) return 'image/png'
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
  return null
}

/**
 * A PDF starts with `%PDF-` (ISO 32000 §7.5.2). Readers accept the header anywhere in the first
 * KiB, which lets a file be two things at once (a polyglot); here it must open the file.
 */
const isPdf = (bytes: Uint8Array) =>
  bytes.length >= 5 && [0x25, 0x50, 0x44, 0x46, 0x2d].every((byte, i) => bytes[i] === byte)

/** The type of a file read from its bytes, or null for anything this API does not keep. */
export function fileTypeOf(bytes: Uint8Array): FileType | null {
  return imageTypeOf(bytes) ?? (isPdf(bytes) ? 'application/pdf' : null)
}

/**
 * What a kind of file may be: each accepted type with its largest size in bytes. The keys are
 * the accepted types, so a type and its bound are never declared apart.
 */
export type FileLimits = Readonly<Partial<Record<FileType, number>>>

/** Photos, certificate images, signatures (SPEC §5: png or jpg under 2 MB). */
export const IMAGE_LIMITS: FileLimits = { 'image/png': MAX_IMAGE_BYTES, 'image/jpeg': MAX_IMAGE_BYTES }

/**
 * A clinical attachment (a consultation's, a disability's — SPEC §5: PDF, PNG or JPG): images
 * under 2 MB as everywhere, a PDF up to 5 MB as a client's PDF files.
 */
export const DOCUMENT_LIMITS: FileLimits = { ...IMAGE_LIMITS, 'application/pdf': MAX_PDF_BYTES }

export const acceptedTypes = (limits: FileLimits): FileType[] =>
  FILE_TYPES.filter((type) => limits[type] !== undefined)

/**
 * Why a file is refused, as the key of its message, or null when it is accepted. The type is
 * checked first: a 3 MB PDF where only images go is the wrong kind of file, not a large one.
 */
export function fileRefusal(
  bytes: Uint8Array,
  limits: FileLimits,
): 'file.imageType' | 'file.documentType' | 'file.imageTooLarge' | 'file.pdfTooLarge' | null {
  const type = fileTypeOf(bytes)
  const max = type ? limits[type] : undefined
  if (!type || max === undefined) {
    return limits['application/pdf'] === undefined ? 'file.imageType' : 'file.documentType'
  }
  if (bytes.length > max) return type === 'application/pdf' ? 'file.pdfTooLarge' : 'file.imageTooLarge'
  return null
}

/** The file extensions a picker offers for the limits (`accept` of an input). */
export const acceptAttribute = (limits: FileLimits): string =>
  acceptedTypes(limits)
    .map((type) =>
      type === 'image/jpeg'
        ? 'image/jpeg,.jpg,.jpeg'
        : type === 'image/png'
          ? 'image/png,.png'
          : 'application/pdf,.pdf',
    )
    .join(',')
