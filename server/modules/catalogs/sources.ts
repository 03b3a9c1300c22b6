import { readdir, readFile, stat } from 'node:fs/promises'
import { basename, join } from 'node:path'
import type { CatalogSource } from './import'

/**
 * The files named on a command line: a file as it is, a folder as its `.csv` files (not its
 * subfolders), in name order. The import tells the catalogs apart by their headers.
 */
export async function readCatalogSources(paths: readonly string[]): Promise<CatalogSource[]> {
  const sources: CatalogSource[] = []
  for (const path of paths) {
    if ((await stat(path)).isDirectory()) {
      const names = (await readdir(path)).filter((name) => name.toLowerCase().endsWith('.csv')).sort()
      for (const name of names) sources.push({ name, bytes: await readFile(join(path, name)) })
    } else {
      sources.push({ name: basename(path), bytes: await readFile(path) })
    }
  }
  return sources
}
