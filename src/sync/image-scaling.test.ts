import { describe, expect, it } from 'vitest'
import type { ImageType } from '../contract/rules/files'
import { type ImageCodec, type Size, scaledSize, scaleImageUnder } from './image-scaling'

const MB = 1024 * 1024

/**
 * A stand-in for the browser's canvas (happy-dom draws nothing): an image is its size, and an
 * encoding weighs what `bytesPerPixel` says of its type — as a photo's PNG weighs far more than
 * its JPEG. It remembers what it was asked to encode.
 */
function fakeCodec(bytesPerPixel: (type: ImageType, size: Size) => number) {
  const sizes = new WeakMap<Blob, Size>()
  const encodings: Array<Size & { type: ImageType }> = []
  const image = (size: Size, type: ImageType) => {
    const blob = new Blob([new Uint8Array(Math.ceil(size.width * size.height * bytesPerPixel(type, size)))], {
      type,
    })
    sizes.set(blob, size)
    return blob
  }
  const codec: ImageCodec = {
    async sizeOf(blob) {
      const size = sizes.get(blob)
      if (!size) throw new Error('not an image of this codec')
      return size
    },
    async encode(_blob, size, type) {
      encodings.push({ ...size, type })
      return image(size, type)
    },
  }
  return { codec, image, encodings }
}

describe('images scaled down on the device', () => {
  it('brings a camera photo under 2 MB in one step, keeping its aspect and its type', async () => {
    const { codec, image, encodings } = fakeCodec(() => 0.6)
    const photo = image({ width: 4000, height: 3000 }, 'image/jpeg')
    expect(photo.size).toBeGreaterThan(6 * MB)
    const scaled = await scaleImageUnder(photo, 'image/jpeg', 2 * MB, codec)
    expect(scaled.size).toBeLessThanOrEqual(2 * MB)
    expect(scaled.type).toBe('image/jpeg')
    expect(encodings).toHaveLength(1)
    const [only] = encodings
    expect((only?.width ?? 0) / (only?.height ?? 1)).toBeCloseTo(4 / 3, 2)
  })

  it('keeps a PNG a PNG when a smaller PNG fits', async () => {
    const { codec, image } = fakeCodec(() => 1.5)
    const drawing = image({ width: 2000, height: 1500 }, 'image/png')
    const scaled = await scaleImageUnder(drawing, 'image/png', 2 * MB, codec)
    expect(scaled.type).toBe('image/png')
    expect(scaled.size).toBeLessThanOrEqual(2 * MB)
  })

  it('turns a PNG into a JPEG where the PNG will not fit at that size', async () => {
    // A photo saved as PNG: its PNG barely shrinks with the size, its JPEG does.
    const { codec, image, encodings } = fakeCodec((type, size) =>
      type === 'image/png' ? (3 * MB) / (size.width * size.height) : 0.5,
    )
    const photo = image({ width: 3000, height: 2000 }, 'image/png')
    const scaled = await scaleImageUnder(photo, 'image/png', 2 * MB, codec)
    expect(scaled.type).toBe('image/jpeg')
    expect(scaled.size).toBeLessThanOrEqual(2 * MB)
    // The JPEG was tried at the same size as the PNG before going smaller.
    expect(encodings.map((e) => e.type)).toEqual(['image/png', 'image/jpeg'])
    expect(encodings[0]?.width).toBe(encodings[1]?.width)
  })

  it('goes smaller step by step when the first guess is not enough', async () => {
    // Weight falls slower than the area: the first guess overshoots the bound.
    const { codec, image, encodings } = fakeCodec((_type, size) => 40 / Math.sqrt(size.width * size.height))
    const photo = image({ width: 4000, height: 3000 }, 'image/jpeg')
    const scaled = await scaleImageUnder(photo, 'image/jpeg', 100_000, codec)
    expect(scaled.size).toBeLessThanOrEqual(100_000)
    expect(encodings.length).toBeGreaterThan(1)
    const widths = encodings.map((e) => e.width)
    expect(widths).toEqual([...widths].sort((a, b) => b - a))
  })

  it('gives up rather than loop when nothing fits', async () => {
    const { codec, image } = fakeCodec((_type, size) => (3 * MB) / (size.width * size.height))
    const noise = image({ width: 1000, height: 1000 }, 'image/jpeg')
    await expect(scaleImageUnder(noise, 'image/jpeg', 2 * MB, codec)).rejects.toThrow()
  })

  it('scales both sides alike, never below a pixel nor above the original', () => {
    expect(scaledSize({ width: 4000, height: 3000 }, 0.5)).toEqual({ width: 2000, height: 1500 })
    expect(scaledSize({ width: 10, height: 3000 }, 0.01)).toEqual({ width: 1, height: 30 })
    expect(scaledSize({ width: 800, height: 600 }, 2)).toEqual({ width: 800, height: 600 })
  })
})
