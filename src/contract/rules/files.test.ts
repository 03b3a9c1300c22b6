import { describe, expect, it } from 'vitest'
import { imageTypeOf } from './files'

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
