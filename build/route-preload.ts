import { relative } from 'node:path'
import type { Plugin } from 'vite'
import { LANGUAGE_KEY } from '../src/i18n/language-key'
import { SESSION_KEY } from '../src/session/session-key'

/**
 * Issue 17, the offline cold start: a trace of a cold `/patients` showed the page waiting on a
 * chain of requests. The entry ran, then asked for the message catalogues; once they were in it
 * rendered, the router asked for the signed-in layout's and the route's chunks; and the browser
 * learnt of their imports, and of the imports' imports, one level at a time — four round trips,
 * each waiting on the page's (throttled) thread to compile what came before.
 *
 * This build step writes a small classic script, run `async` from index.html, that looks at the
 * address being opened and adds a `modulepreload` for every chunk that screen will import: the
 * route's own chunks, its layouts', all their static imports, and the catalogues in the stored
 * language. The browser fetches and compiles them off the page's thread while the startup
 * libraries and the entry run, so the router finds them ready. A signed-in screen's chunks are
 * preloaded only when a session is stored: without one the layout sends the user to sign in, and
 * the sign-in page should not compete with a screen it will not show.
 */

/** One signed-in screen's address and what it imports, in the order the script tries them. */
export interface RoutePreload {
  /** The pathname's pattern (a RegExp source). */
  pattern: string
  /** Built files, without the leading slash: JavaScript chunks and their styles. */
  files: string[]
}

/** A route file (relative to src/routes, without its extension) as TanStack Router's file routes read it. */
export function routePattern(routeFile: string): string {
  const parts = routeFile
    .split(/[/.]/)
    // `_app` and `(group)` add no segment; `index` is the folder's own address.
    .filter((part) => !part.startsWith('_') && !/^\(.*\)$/.test(part) && part !== 'index')
    .map((part) => part.replace(/_$/, ''))
    .map((part) => {
      if (part === '$') return '.*'
      if (part.startsWith('$')) return '[^/]+'
      return part.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')
    })
  return `^/${parts.join('/')}/?$`
}

/** Static routes before those with parameters: `/patients/create` is not a `/patients/$id`. */
const specificity = (routeFile: string) => (routeFile.match(/\$/g) ?? []).length

/** The layouts a route renders inside: the route files whose path is a folder above it. */
export const layoutsOf = (routeFile: string, routeFiles: readonly string[]): string[] =>
  routeFiles.filter((other) => other !== routeFile && routeFile.startsWith(`${other}/`))

/** The part of a chunk the walk needs (Rolldown's output chunk). */
export type PreloadChunk = {
  fileName: string
  isEntry: boolean
  moduleIds: readonly string[]
  imports: readonly string[]
  importedCss: readonly string[]
}

/** A chunk's file and every file it imports statically, all the way down, with their styles. */
function closure(start: readonly string[], byFile: ReadonlyMap<string, PreloadChunk>): string[] {
  const reached = new Set<string>()
  const css = new Set<string>()
  const pending = [...start]
  while (pending.length > 0) {
    const file = pending.pop() as string
    const chunk = byFile.get(file)
    if (!chunk || reached.has(file)) continue
    reached.add(file)
    for (const style of chunk.importedCss) css.add(style)
    pending.push(...chunk.imports)
  }
  return [...reached, ...css]
}

/** The route file a lazily loaded module belongs to (TanStack Router's `?tsr-split=`), if any. */
export function routeFileOf(moduleId: string, routesDir: string): string | null {
  const [path, query] = moduleId.split('?')
  if (!path || !query?.includes('tsr-split')) return null
  const file = relative(routesDir, path)
  if (file.startsWith('..')) return null
  return file.replace(/\.[jt]sx?$/, '')
}

/**
 * Each route's files to preload, most specific first, leaving out what index.html preloads
 * already (the entry and its static imports).
 */
export function routePreloads(chunks: readonly PreloadChunk[], routesDir: string): RoutePreload[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const chunksOfRoute = new Map<string, Set<string>>()
  for (const chunk of chunks) {
    for (const id of chunk.moduleIds) {
      const route = routeFileOf(id, routesDir)
      if (route === null) continue
      const set = chunksOfRoute.get(route) ?? new Set()
      set.add(chunk.fileName)
      chunksOfRoute.set(route, set)
    }
  }
  const fromHtml = new Set(
    closure(
      chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName),
      byFile,
    ),
  )
  const routes = [...chunksOfRoute.keys()]
  return (
    routes
      // The signed-in screens; a pathless layout (`_app`) is no screen of its own.
      .filter((route) => route.startsWith('_app/') && !route.split(/[/.]/).at(-1)?.startsWith('_'))
      .sort((a, b) => specificity(a) - specificity(b) || a.localeCompare(b))
      .map((route) => {
        const own = [route, ...layoutsOf(route, routes)].flatMap((file) => [
          ...(chunksOfRoute.get(file) ?? []),
        ])
        return {
          pattern: routePattern(route),
          files: closure(own, byFile).filter((file) => !fromHtml.has(file)),
        }
      })
      .filter((preload) => preload.files.length > 0)
  )
}

/** Each language's catalogue chunks (locales/<language>/<part>.po): public, and signed-in. */
export function cataloguePreloads(
  chunks: readonly PreloadChunk[],
): Record<string, { public: string[]; signedIn: string[] }> {
  const byLanguage: Record<string, { public: string[]; signedIn: string[] }> = {}
  for (const chunk of chunks) {
    for (const id of chunk.moduleIds) {
      const match = /\/locales\/([a-z]+)\/(public|app)\.po$/.exec(id.split('?')[0] ?? '')
      if (!match) continue
      const [, language, part] = match as unknown as [string, string, string]
      byLanguage[language] ??= { public: [], signedIn: [] }
      byLanguage[language][part === 'public' ? 'public' : 'signedIn'].push(chunk.fileName)
    }
  }
  return byLanguage
}

/** The function both scripts add the links with: a module preload, or a style's. */
const ADD_LINKS = `function addLinks(files) {
    files.forEach(function (file) {
      var link = document.createElement('link');
      var style = /\\.css$/.test(file);
      link.rel = style ? 'preload' : 'modulepreload';
      if (style) link.as = 'style';
      link.crossOrigin = '';
      link.href = '/' + file;
      document.head.appendChild(link);
    });
  }`

/**
 * The script every page runs first. Written as plain ES2020 source (it is not bundled): reads
 * the session and the language the app stores, under the app's own keys written in at build time
 * (src/session/session-key.ts, src/i18n/language-key.ts), since it runs before any module. It stays a few
 * hundred bytes, since the sign-in page downloads it too (DESIGN §7, ≤ 170 KB gzip); the screens'
 * lists are a second script, run only when a session is stored.
 */
export function preloadScriptSource(
  catalogues: Record<string, { public: string[]; signedIn: string[] }>,
  defaultLanguage: string,
  screensScript: string,
): string {
  return `(function () {
  var catalogues = ${JSON.stringify(catalogues)};
  var stored = function (key) { try { return localStorage.getItem(key) } catch (e) { return null } };
  var signedIn = stored(${JSON.stringify(SESSION_KEY)}) !== null;
  var chosen = stored(${JSON.stringify(LANGUAGE_KEY)});
  var language = catalogues[chosen] ? chosen : ${JSON.stringify(defaultLanguage)};
  ${ADD_LINKS}
  addLinks(catalogues[language].public.concat(signedIn ? catalogues[language].signedIn : []));
  if (!signedIn) return;
  var screens = document.createElement('script');
  screens.async = true;
  screens.src = ${JSON.stringify(`/${screensScript}`)};
  document.head.appendChild(screens);
})();
`
}

/** The second script: the signed-in screens' files, added for the screen at the opened address. */
export function screensScriptSource(routes: readonly RoutePreload[]): string {
  // Every file named once, the routes by number, the files most screens share first (the
  // signed-in layout's), so that each screen's list starts the same and compresses.
  const uses = new Map<string, number>()
  for (const file of routes.flatMap((route) => route.files)) uses.set(file, (uses.get(file) ?? 0) + 1)
  const table = [...uses.keys()].sort((a, b) => (uses.get(b) ?? 0) - (uses.get(a) ?? 0) || a.localeCompare(b))
  const numbered = routes.map((route) => [
    route.pattern,
    route.files.map((file) => table.indexOf(file)).sort((a, b) => a - b),
  ])
  return `(function () {
  var table = ${JSON.stringify(table)};
  var routes = ${JSON.stringify(numbered)};
  ${ADD_LINKS}
  for (var i = 0; i < routes.length; i++) {
    if (!new RegExp(routes[i][0]).test(location.pathname)) continue;
    addLinks(routes[i][1].map(function (n) { return table[n] }));
    return;
  }
})();
`
}

/** The tag index.html runs the script with, first in <head>. */
export function preloadTag(fileName: string): string {
  // `async`: it runs as soon as the service worker hands it over, without holding the parser.
  return `<script async src="/${fileName}"></script>`
}

/**
 * The build plugin: once the bundle is final, emits the script and puts its tag in index.html
 * (written by then: Vite's HTML step runs before the last generateBundle hooks).
 */
export function routePreload(routesDir: string, defaultLanguage = 'es'): Plugin {
  return {
    name: 'route-preload',
    apply: 'build',
    // Last, once Vite has dropped the chunks that held only CSS and noted each chunk's styles.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks: PreloadChunk[] = Object.values(bundle).flatMap((output) =>
          output.type === 'chunk'
            ? [{ ...output, importedCss: [...(output.viteMetadata?.importedCss ?? [])] }]
            : [],
        )
        const screens = this.getFileName(
          this.emitFile({
            type: 'asset',
            name: 'screen-preload.js',
            source: screensScriptSource(routePreloads(chunks, routesDir)),
          }),
        )
        const source = preloadScriptSource(cataloguePreloads(chunks), defaultLanguage, screens)
        const fileName = this.getFileName(this.emitFile({ type: 'asset', name: 'route-preload.js', source }))
        const html = bundle['index.html']
        if (html?.type !== 'asset' || typeof html.source !== 'string') {
          throw new Error('route-preload: no index.html in the bundle')
        }
        html.source = html.source.replace('<head>', `<head>\n    ${preloadTag(fileName)}`)
      },
    },
  }
}
