import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'

export interface StoredFile {
  /** SHA-256 of the content: the file's name in the store, kept by the row that uses it. */
  hash: string
  size: number
}

/** Where attachments, logos, photos and signatures live (DESIGN §3: one storage interface). */
export interface FileStore {
  put(bytes: Uint8Array): Promise<StoredFile>
  get(hash: string): Promise<Buffer | null>
}

/** The default store: files under DATA_DIR/files by content hash, so a re-upload costs nothing. */
export function diskFileStore(dataDir: string): FileStore {
  const root = join(dataDir, 'files')
  const pathOf = (hash: string) => join(root, hash.slice(0, 2), hash)
  return {
    async put(bytes) {
      const hash = createHash('sha256').update(bytes).digest('hex')
      const path = pathOf(hash)
      await mkdir(dirname(path), { recursive: true })
      // Written beside and renamed: a reader never sees half a file.
      const partial = `${path}.${process.pid}.part`
      await writeFile(partial, bytes)
      await rename(partial, path)
      return { hash, size: bytes.length }
    },
    async get(hash) {
      if (!/^[0-9a-f]{64}$/.test(hash)) return null
      try {
        return await readFile(pathOf(hash))
      } catch {
        return null
      }
    },
  }
}
