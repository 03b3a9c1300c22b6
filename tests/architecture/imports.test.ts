import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * The import direction of DESIGN §2, held by a test so that breaking it fails `npm test`:
 * the contract imports nothing of ours, the server takes only the contract and the shared
 * documents (decision 0010) from src/, features never import each other, and the sync engine and
 * the local database know nothing of React.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const SOURCE = /\.(ts|tsx)$/
const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s*['"]([^'"]+)['"]/gm

interface ImportEdge {
  file: string
  specifier: string
  /** Repository-relative target for relative imports; null for packages. */
  target: string | null
}

function sourceFiles(folder: string): string[] {
  const absolute = join(root, folder)
  if (!existsSync(absolute)) return []
  return readdirSync(absolute).flatMap((name) => {
    const path = join(absolute, name)
    if (statSync(path).isDirectory()) return sourceFiles(relative(root, path))
    return SOURCE.test(name) && !name.endsWith('.gen.ts') ? [relative(root, path)] : []
  })
}

function importsOf(file: string): ImportEdge[] {
  const text = readFileSync(join(root, file), 'utf8')
  return [...text.matchAll(IMPORT)].map((match) => {
    const specifier = (match[1] ?? match[2] ?? match[3]) as string
    const target = specifier.startsWith('.') ? relative(root, resolve(root, dirname(file), specifier)) : null
    return { file, specifier, target: target?.split(sep).join('/') ?? null }
  })
}

const edgesUnder = (folder: string) => sourceFiles(folder).flatMap(importsOf)
const describeEdge = (edge: ImportEdge) => `${edge.file} → ${edge.specifier}`

describe('import direction', () => {
  it('keeps src/contract free of our other code and of React, the DOM and Node', () => {
    const allowedPackages = ['valibot']
    // The contract's own tests may use the test runner; the contract itself may not.
    const allowedIn = (file: string) =>
      file.endsWith('.test.ts') ? [...allowedPackages, 'vitest'] : allowedPackages
    const offending = edgesUnder('src/contract').filter((edge) =>
      edge.target === null
        ? !allowedIn(edge.file).includes(edge.specifier)
        : !edge.target.startsWith('src/contract'),
    )
    expect(offending.map(describeEdge)).toEqual([])
  })

  it('lets the server import only src/contract and src/documents from src', () => {
    const shared = (target: string) => target.startsWith('src/contract') || target.startsWith('src/documents')
    const offending = [...edgesUnder('server'), ...edgesUnder('tests/fixtures')].filter(
      (edge) => edge.target?.startsWith('src/') && !shared(edge.target),
    )
    expect(offending.map(describeEdge)).toEqual([])
  })

  it('keeps src/documents to the contract, jsPDF and SheetJS, so the server can build the same documents', () => {
    // SheetJS (`xlsx`) lays out the spreadsheets both sides make (src/documents/workbook.ts).
    const offending = edgesUnder('src/documents').filter((edge) =>
      edge.target === null
        ? !['jspdf', 'xlsx', 'valibot', 'vitest'].includes(edge.specifier)
        : !edge.target.startsWith('src/contract') && !edge.target.startsWith('src/documents'),
    )
    expect(offending.map(describeEdge)).toEqual([])
  })

  it('never lets one feature import another', () => {
    const featureOf = (path: string) => path.match(/^src\/features\/([^/]+)/)?.[1]
    const offending = edgesUnder('src').filter((edge) => {
      const from = featureOf(edge.file)
      const to = edge.target ? featureOf(edge.target) : undefined
      return from !== undefined && to !== undefined && from !== to
    })
    expect(offending.map(describeEdge)).toEqual([])
  })

  it('keeps React out of the sync engine and the local database', () => {
    const offending = [...edgesUnder('src/sync'), ...edgesUnder('src/db')].filter(
      (edge) =>
        /^(react|react-dom|dexie-react-hooks)(\/|$)/.test(edge.specifier) || edge.file.endsWith('.tsx'),
    )
    expect(offending.map(describeEdge)).toEqual([])
  })

  it('never lets the browser code import the server', () => {
    const offending = edgesUnder('src').filter((edge) => edge.target?.startsWith('server/'))
    expect(offending.map(describeEdge)).toEqual([])
  })

  it('reads the imports it checks', () => {
    // Guards the guard: if the pattern stopped matching, every rule above would pass vacuously.
    const edges = edgesUnder('server/db')
    expect(edges.some((edge) => edge.specifier === 'drizzle-orm')).toBe(true)
    expect(edges.some((edge) => edge.target === 'server/db/schema/columns')).toBe(true)
  })
})
