/**
 * What the service worker's install downloads (issue 17): the precache manifest read from the
 * built dist/sw.js, every file sized as the server sends it to a browser accepting brotli (its
 * precompressed `.br` when there is one, server/platform/static-files.ts) and as it lies on disk.
 * "Every device" is what a patient's phone downloads at install; the staff chunks (`staff: true`,
 * build/staff-chunks.ts) are downloaded only once a professional signs in. Before issue 17 the
 * install downloaded the whole manifest: the "whole manifest" row. Needs a built dist/.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

type Entry = { url: string; staff?: boolean }

const DIST = 'dist'

/** The manifest vite-plugin-pwa injected: a JSON array of `{revision, url}` objects (keys sorted). */
export function precacheManifest(sw: string): Entry[] {
  return [...sw.matchAll(/\{"revision":[^{}]*"url":"[^"]+"\}/g)].map((match) => JSON.parse(match[0]) as Entry)
}

function sizes(entries: Entry[]): { files: number; raw: number; brotli: number } {
  let raw = 0
  let brotli = 0
  for (const { url } of entries) {
    const path = join(DIST, url)
    const size = statSync(path).size
    raw += size
    brotli += existsSync(`${path}.br`) ? statSync(`${path}.br`).size : size
  }
  return { files: entries.length, raw, brotli }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

export async function precacheSize(): Promise<string[]> {
  const manifest = precacheManifest(readFileSync(join(DIST, 'sw.js'), 'utf8'))
  const rows: [string, Entry[]][] = [
    ['whole manifest (the install before issue 17)', manifest],
    ['every device at install (a patient’s phone)', manifest.filter((entry) => !entry.staff)],
    ['staff chunks, after a professional signs in', manifest.filter((entry) => entry.staff)],
  ]
  return rows.map(([what, entries]) => {
    const { files, raw, brotli } = sizes(entries)
    return `| ${what} | ${files} | ${kb(brotli)} | ${kb(raw)} |`
  })
}
