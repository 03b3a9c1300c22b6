import { afterAll, beforeAll, vi } from 'vitest'

/** The part of Node's `process` a test reaches for; the app's types know no Node. */
interface NodeProcess {
  getBuiltinModule(id: 'node:buffer'): { Blob: typeof Blob; File: typeof File }
}

/**
 * Node's own Blob and File for the tests of a file, in place of happy-dom's. IndexedDB keeps a
 * Blob by structured clone; happy-dom's Blob does not survive one (fake-indexeddb stores an empty
 * object), Node's does, as a browser's does. For tests that store files in the device's database.
 */
export function withCloneableBlobs(): void {
  beforeAll(() => {
    // Node ≥ 20.16 has getBuiltinModule; happy-dom leaves `process` to the test runner.
    const { process } = globalThis as unknown as { process: NodeProcess }
    const buffer = process.getBuiltinModule('node:buffer')
    vi.stubGlobal('Blob', buffer.Blob)
    vi.stubGlobal('File', buffer.File)
  })
  afterAll(() => {
    vi.unstubAllGlobals()
  })
}
