import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

/**
 * Issue 17 (DESIGN §7, the sign-in page's JS ≤ 170 KB gzip): the message catalogue is split in
 * two. The public pages (sign-in, password recovery/confirmation/update, privacy notice,
 * questions, SSO response, the not-found page and the update prompt of the root layout) load
 * only the messages of the source files they can reach; the signed-in screens' messages come as a
 * second, lazy catalogue that the signed-in layout awaits (src/i18n/language.ts).
 *
 * Which files are "public" is read from the imports, not kept by hand: start at the entry, the
 * root layout and every route file outside the signed-in layout, follow every relative import,
 * and never enter the signed-in layout's routes (nor the generated route tree that lists them).
 * A piece of src/ui that a public page uses is therefore in the public catalogue, wherever else
 * it is used, and a new public page or a new shared piece needs no list to be updated.
 */

const SOURCE_EXTENSIONS = ['.ts', '.tsx']

/** The signed-in side: its layout route, its screens and the tree that imports them all. */
const isSignedInSide = (file: string) =>
  file === 'src/routes/_app.tsx' || file.startsWith('src/routes/_app/') || file === 'src/routeTree.gen.ts'

const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s*['"]([^'"]+)['"]/gm

function filesUnder(root: string, folder: string): string[] {
  return readdirSync(join(root, folder)).flatMap((name) => {
    const file = `${folder}/${name}`
    return statSync(join(root, file)).isDirectory() ? filesUnder(root, file) : [file]
  })
}

/** The source file an import names (`./x` → `./x.ts`, `./x.tsx` or `./x/index.ts…`), if any. */
function resolveSource(root: string, from: string, specifier: string): string | null {
  const base = relative(root, resolve(root, dirname(from), specifier))
    .split('\\')
    .join('/')
  const candidates = [
    base,
    ...SOURCE_EXTENSIONS.map((extension) => base + extension),
    ...SOURCE_EXTENSIONS.map((extension) => `${base}/index${extension}`),
  ]
  return (
    candidates.find(
      (file) =>
        SOURCE_EXTENSIONS.some((extension) => file.endsWith(extension)) &&
        existsSync(join(root, file)) &&
        statSync(join(root, file)).isFile(),
    ) ?? null
  )
}

/** Where the walk starts: the entry, the root layout and every page outside the signed-in layout. */
export function publicStarts(root: string): string[] {
  const routes = filesUnder(root, 'src/routes').filter(
    (file) => SOURCE_EXTENSIONS.some((extension) => file.endsWith(extension)) && !isSignedInSide(file),
  )
  return ['src/main.tsx', ...routes]
}

/** Every source file (repository-relative) the public pages can reach through relative imports. */
export function publicSourceFiles(root: string): string[] {
  const reached = new Set<string>()
  const pending = publicStarts(root)
  while (pending.length > 0) {
    const file = pending.pop() as string
    if (reached.has(file) || isSignedInSide(file)) continue
    reached.add(file)
    const text = readFileSync(join(root, file), 'utf8')
    for (const match of text.matchAll(IMPORT)) {
      const specifier = (match[1] ?? match[2] ?? match[3]) as string
      if (!specifier.startsWith('.')) continue
      const target = resolveSource(root, file, specifier)
      if (target) pending.push(target)
    }
  }
  return [...reached].sort()
}
