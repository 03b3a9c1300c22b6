import { createRequire } from 'node:module'
import { join } from 'node:path'
import { build, type Plugin, parseSync } from 'vite'

/**
 * Issue 17, the offline cold start: V8 keeps a code cache for a script the service worker serves
 * from CacheStorage only when the script is a classic one. Chromium 156 produces a cache for a
 * module script and never consumes it (docs/benchmarks.md, "four levers", (a)), so every cold
 * open compiled react-dom, the router and the rest again, function by function, on the page's
 * thread.
 *
 * The libraries every screen starts with are therefore built apart, as one classic script (an
 * IIFE) that puts each library's module namespace on a global; index.html runs it (`defer`) before
 * the entry module. In the app's own build those imports resolve to tiny modules that read the
 * global, so the entry, the route chunks and the libraries left as modules share the one copy of
 * React, the router and Lingui. Only what the sign-in page loads anyway goes in (DESIGN §7: the
 * login route's JS ≤ 170 KB gzip): the route chunks stay lazy modules.
 */

/** The libraries in the classic script: imported by their exact name anywhere in the app. */
export const STARTUP_LIBRARIES = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  '@tanstack/react-router',
  '@lingui/core',
  '@lingui/react',
  'react-hook-form',
  'ky',
] as const

/** The global the classic script fills: library name → its module namespace. */
export const STARTUP_GLOBAL = '__saludStartup'

const ENTRY = '\0startup-entry'
const SHIM = '\0startup:'

/** What the app takes from a library: its export names, or `*` when it takes the whole namespace. */
export type Taken = Set<string>

/**
 * The classic script's source: imports from every library what the app takes from it (so the
 * libraries are still tree-shaken: the sign-in page's JS keeps its budget) and hands it to the global.
 */
export function startupEntrySource(taken: ReadonlyMap<string, Taken>): string {
  const imports: string[] = []
  const entries: string[] = []
  let index = 0
  for (const [library, names] of taken) {
    const source = JSON.stringify(library)
    if (names.has('*')) {
      imports.push(`import * as m${index} from ${source}`)
      entries.push(`  ${source}: m${index},`)
    } else {
      const locals = [...names].sort().map((name, at) => [name, `m${index}_${at}`] as const)
      imports.push(
        `import { ${locals.map(([name, local]) => `${JSON.stringify(name)} as ${local}`).join(', ')} } from ${source}`,
      )
      entries.push(
        `  ${source}: { ${locals.map(([name, local]) => `${JSON.stringify(name)}: ${local}`).join(', ')} },`,
      )
    }
    index++
  }
  return `${imports.join('\n')}\nglobalThis.${STARTUP_GLOBAL} = {\n${entries.join('\n')}\n}\n`
}

/**
 * Adds to `taken` what one module (its JavaScript, after the other plugins' transforms) takes from
 * the libraries: named and default imports and re-exports by name; a namespace import, `export *`,
 * `require` or `import()` takes the whole library.
 */
export function collectTaken(file: string, code: string, taken: Map<string, Taken>): void {
  const libraries = [...taken.keys()].filter((library) => code.includes(library))
  if (libraries.length === 0) return
  const whole = (library: string) => taken.get(library)?.add('*')
  for (const library of libraries) {
    const quoted = `(['"\`])${library.replace(/[/.]/g, '\\$&')}\\1`
    if (new RegExp(`(?:\\brequire|\\bimport)\\s*\\(\\s*${quoted}\\s*\\)`).test(code)) whole(library)
  }
  const { program } = parseSync(file, code)
  for (const statement of program.body) {
    if (
      statement.type !== 'ImportDeclaration' &&
      statement.type !== 'ExportNamedDeclaration' &&
      statement.type !== 'ExportAllDeclaration'
    ) {
      continue
    }
    const library = statement.source?.value
    const names = library === undefined ? undefined : taken.get(library)
    if (!library || !names) continue
    if (statement.type === 'ExportAllDeclaration') {
      whole(library)
      continue
    }
    for (const specifier of statement.specifiers) {
      if (specifier.type === 'ImportNamespaceSpecifier') names.add('*')
      else if (specifier.type === 'ImportDefaultSpecifier') names.add('default')
      else if (specifier.type === 'ImportSpecifier') names.add(nameOf(specifier.imported))
      else if (specifier.type === 'ExportSpecifier') names.add(nameOf(specifier.local))
    }
  }
}

/** Styles and assets: what a module of JavaScript is not (after the other plugins' transforms). */
const NOT_SCRIPT = /\.(css|scss|sass|less|json|svg|png|jpe?g|gif|webp|ico|woff2?|ttf|html|wasm)$/

/**
 * A module of JavaScript (or TypeScript, JSX): a file, or a plugin's virtual module (the PWA's
 * `virtual:pwa-register/react`, with no extension, imports React), but not a stand-in of
 * this plugin.
 */
export const isScript = (id: string): boolean =>
  !id.startsWith(SHIM) && !NOT_SCRIPT.test(id.split('?')[0] ?? '')

const nameOf = (node: { type: string; name?: string; value?: unknown }): string =>
  node.type === 'Literal' ? String(node.value) : (node.name ?? '')

/**
 * The module that stands for a library in the app's build: its exports read from the global
 * (which the classic script filled before any module ran). `names` are the library's export
 * names; `default` is re-exported when the library has one (the CommonJS ones: React).
 */
export function shimSource(library: string, names: readonly string[]): string {
  const named = names.filter((name) => name !== 'default' && /^[A-Za-z_$][\w$]*$/.test(name))
  const lines = [`const m = globalThis.${STARTUP_GLOBAL}[${JSON.stringify(library)}]`]
  if (names.includes('default')) lines.push('export default m.default')
  if (named.length > 0) lines.push(`export const { ${named.join(', ')} } = m`)
  return `${lines.join('\n')}\n`
}

/** A library's export names, as Node resolves it (the same files the browser build uses). */
async function exportNames(root: string, library: string): Promise<string[]> {
  const require = createRequire(join(root, 'package.json'))
  const namespace = (await import(require.resolve(library))) as Record<string, unknown>
  const names = new Set(Object.keys(namespace))
  // A CommonJS library (React) is imported whole as `default`; its properties are the names.
  const whole = namespace.default
  if (whole && typeof whole === 'object' && !('__esModule' in whole)) {
    for (const name of Object.keys(whole)) names.add(name)
  }
  return [...names].sort()
}

/** Builds the classic script: one minified IIFE, its file name hashed by its content. */
async function buildClassicScript(root: string, taken: ReadonlyMap<string, Taken>) {
  const output = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    mode: 'production',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    plugins: [
      {
        name: 'startup-entry',
        resolveId: (source) => (source === ENTRY ? ENTRY : null),
        load: (id) => (id === ENTRY ? startupEntrySource(taken) : null),
      },
    ],
    build: {
      write: false,
      sourcemap: true,
      minify: true,
      copyPublicDir: false,
      modulePreload: false,
      rolldownOptions: {
        input: ENTRY,
        // The router's and Lingui's "use client" directives mean nothing in a browser bundle.
        onLog: (level, log, handler) =>
          log.code === 'MODULE_LEVEL_DIRECTIVE' ? undefined : handler(level, log),
        output: { format: 'iife', entryFileNames: 'assets/startup-[hash].js' },
      },
    },
  })
  const outputs = (Array.isArray(output) ? output : [output]).flatMap((result) =>
    'output' in result ? result.output : [],
  )
  const chunk = outputs.find((file) => file.type === 'chunk')
  const map = outputs.find((file) => file.type === 'asset' && file.fileName.endsWith('.js.map'))
  if (chunk?.type !== 'chunk') throw new Error('the startup script was not built')
  return { fileName: chunk.fileName, code: chunk.code, map: map?.type === 'asset' ? map.source : null }
}

/**
 * The build plugin: resolves the libraries' imports to the shims and notes what the app takes from
 * each; once every module is transformed, builds the classic script with just that, emits it with
 * the app's files (so the precache lists it) and puts its tag before the entry's in index.html.
 */
export function startupScript(libraries: readonly string[] = STARTUP_LIBRARIES): Plugin {
  const names = new Map<string, string[]>()
  const taken = new Map<string, Taken>()
  let script: Awaited<ReturnType<typeof buildClassicScript>> | null = null
  let root = process.cwd()
  return {
    name: 'startup-script',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      root = config.root
    },
    async buildStart() {
      taken.clear()
      const lists = await Promise.all(libraries.map((library) => exportNames(root, library)))
      libraries.forEach((library, index) => {
        names.set(library, lists[index] as string[])
        taken.set(library, new Set())
      })
    },
    resolveId(source) {
      return names.has(source) ? `${SHIM}${source}` : null
    },
    load(id) {
      if (!id.startsWith(SHIM)) return null
      const library = id.slice(SHIM.length)
      return shimSource(library, names.get(library) ?? [])
    },
    transform: {
      // After the other plugins: JSX has become `react/jsx-runtime` imports, TypeScript is gone.
      order: 'post',
      handler(code, id) {
        if (isScript(id)) collectTaken(id, code, taken)
        return null
      },
    },
    async renderStart() {
      // A library nothing imports is left out.
      const used = new Map([...taken].filter(([, names]) => names.size > 0))
      script = await buildClassicScript(root, used)
    },
    generateBundle() {
      if (!script) throw new Error('the startup script was not built')
      // The code ends with its `sourceMappingURL` already.
      this.emitFile({ type: 'asset', fileName: script.fileName, source: script.code })
      if (script.map) this.emitFile({ type: 'asset', fileName: `${script.fileName}.map`, source: script.map })
    },
    transformIndexHtml: {
      order: 'post',
      handler() {
        if (!script) return []
        // First in <head>: a deferred classic script runs before the module scripts after it.
        return [
          { tag: 'script', attrs: { defer: true, src: `/${script.fileName}` }, injectTo: 'head-prepend' },
        ]
      },
    },
  }
}
