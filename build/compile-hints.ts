import type { Plugin } from 'vite'

/**
 * Issue 17, offline cold start: V8 compiles a function the first time it is called, on the
 * page's main thread (about 1 800 lazy compiles in a cold `/patients`). A file that starts with
 * V8's explicit compile hint `//# allFunctionsCalledOnLoad` has all its functions compiled with
 * the file, and a module script is compiled while it streams in, off the main thread.
 *
 * Marked: the startup chunks, that is the entry and every chunk it imports statically (what the
 * HTML preloads), plus the chunks that `matches` names (their static imports too). Other chunks
 * stay lazy: compiling a screen nobody opens would waste the device's time and memory.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad'

/** The part of a chunk the walk needs (Rollup's and Rolldown's output chunk). */
export type HintedChunk = {
  fileName: string
  isEntry: boolean
  facadeModuleId: string | null
  imports: readonly string[]
}

/** The chunks to mark: the entries', and `matches`' ones, with everything they import statically. */
export function startupChunks(
  chunks: readonly HintedChunk[],
  matches: (moduleId: string) => boolean,
): Set<string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const pending = chunks
    .filter((chunk) => chunk.isEntry || (chunk.facadeModuleId !== null && matches(chunk.facadeModuleId)))
    .map((chunk) => chunk.fileName)
  const reached = new Set<string>()
  while (pending.length > 0) {
    const file = pending.pop() as string
    const chunk = byFile.get(file)
    if (!chunk || reached.has(file)) continue
    reached.add(file)
    pending.push(...chunk.imports)
  }
  return reached
}

/**
 * Puts the hint on the first line of the startup chunks. The line is added once the bundle is
 * generated, so each source map gains one empty line at its top (`;` before its mappings); the
 * chunks to mark are known earlier, when they are rendered, and the hint goes into their file
 * names' hash, so a file whose hint comes or goes gets a new name (the service worker's
 * precache keys the hashed files by name alone).
 */
export function compileHints(matches: (moduleId: string) => boolean = () => false): Plugin {
  let marked = new Set<string>()
  return {
    name: 'compile-hints',
    apply: 'build',
    renderStart() {
      marked = new Set()
    },
    renderChunk(_code, _chunk, _options, meta) {
      if (marked.size === 0) marked = startupChunks(Object.values(meta.chunks), matches)
      return null
    },
    augmentChunkHash(chunk) {
      return marked.has(chunk.fileName) ? COMPILE_HINT : undefined
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []))
        for (const file of startupChunks(chunks, matches)) {
          const chunk = bundle[file]
          if (chunk?.type !== 'chunk') continue
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`
          const map = bundle[`${file}.map`]
          if (map?.type === 'asset' && typeof map.source === 'string') {
            const parsed = JSON.parse(map.source) as { mappings: string }
            map.source = JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` })
          }
        }
      },
    },
  }
}
