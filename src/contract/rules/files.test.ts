import { describe, expect, it } from 'vitest'
import {
  acceptAttribute,
  acceptedTypes,
  DOCUMENT_LIMITS,
  fileRefusal,
  fileTypeOf,
  IMAGE_LIMITS,
  imageTypeOf,
  MAX_IMAGE_BYTES,
  MAX_PDF_BYTES,
} from './files'

describe('image types from the bytes', () => {
  it('recognises png and jpeg by their signatures', () => {
    expect(imageTypeOf(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png')
    expect(imageTypeOf(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg')
  })

  it('refuses anything else, whatever its name says', () => {
    expect(imageTypeOf(new TextEncoder().encode('%PDF-1.7'))).toBeNull()
    expect(imageTypeOf(new TextEncoder().encode('GIF89a'))).toBeNull()
    expect(imageTypeOf(new Uint8Array([]))).toBeNull()
  })
})

describe('file types and limits', () => {
  const pdf = (size: number) => {
    const bytes = new Uint8Array(size)
    bytes.set(new TextEncoder().encode('%PDF-1.7\n'))
    return bytes
  }
  const png = (size: number) => {
    const bytes = new Uint8Array(size)
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    return bytes
  }

  it('recognises a PDF only by the header that opens it', () => {
    expect(fileTypeOf(pdf(20))).toBe('application/pdf')
    expect(fileTypeOf(png(20))).toBe('image/png')
    // A header further in is how one file passes for two kinds: not a PDF here.
    expect(fileTypeOf(new TextEncoder().encode(' %PDF-1.7'))).toBeNull()
    expect(fileTypeOf(new TextEncoder().encode('%PDF'))).toBeNull()
  })

  it('takes each accepted type up to its own bound, exactly at the bound included', () => {
    expect(fileRefusal(png(MAX_IMAGE_BYTES), DOCUMENT_LIMITS)).toBeNull()
    expect(fileRefusal(png(MAX_IMAGE_BYTES + 1), DOCUMENT_LIMITS)).toBe('file.imageTooLarge')
    expect(fileRefusal(pdf(MAX_PDF_BYTES), DOCUMENT_LIMITS)).toBeNull()
    expect(fileRefusal(pdf(MAX_PDF_BYTES + 1), DOCUMENT_LIMITS)).toBe('file.pdfTooLarge')
  })

  it('names what the owner takes when the type is wrong, before any size', () => {
    expect(fileRefusal(pdf(MAX_PDF_BYTES + 1), IMAGE_LIMITS)).toBe('file.imageType')
    expect(fileRefusal(new TextEncoder().encode('GIF89a'), IMAGE_LIMITS)).toBe('file.imageType')
    expect(fileRefusal(new TextEncoder().encode('GIF89a'), DOCUMENT_LIMITS)).toBe('file.documentType')
  })

  it('lists the accepted types and what a picker offers for them', () => {
    expect(acceptedTypes(IMAGE_LIMITS)).toEqual(['image/png', 'image/jpeg'])
    expect(acceptedTypes(DOCUMENT_LIMITS)).toEqual(['image/png', 'image/jpeg', 'application/pdf'])
    expect(acceptAttribute(DOCUMENT_LIMITS)).toBe('image/png,.png,image/jpeg,.jpg,.jpeg,application/pdf,.pdf')
  })
})
