import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  cataloguePreloads,
  type PreloadChunk,
  preloadScriptSource,
  routePattern,
  routePreloads,
  screensScriptSource,
} from '../../build/route-preload'

const ROUTES = '/repo/src/routes'
/** A TanStack Router split piece of a route file, as Rolldown names its module. */
const split = (route: string) => `${ROUTES}/${route}?tsr-split=component`

const chunk = (fileName: string, rest: Partial<PreloadChunk> = {}): PreloadChunk => ({
  fileName,
  isEntry: false,
  moduleIds: [],
  imports: [],
  importedCss: [],
  ...rest,
})

/** The route files and the addresses TanStack Router gave them (src/routeTree.gen.ts). */
function generatedRoutes(): { file: string; fullPath: string }[] {
  const tree = readFileSync('src/routeTree.gen.ts', 'utf8')
  const block = (name: string) => {
    const body = new RegExp(`interface ${name} \\{([^}]*)\\}`).exec(tree)?.[1] ?? ''
    return [...body.matchAll(/'([^']+)': typeof (\w+)/g)].map(
      ([, key, route]) => [key ?? '', route ?? ''] as const,
    )
  }
  const fullPathOf = new Map(block('FileRoutesByFullPath').map(([path, route]) => [route, path]))
  return block('FileRoutesById').flatMap(([id, route]) => {
    const fullPath = fullPathOf.get(route)
    if (!fullPath) return []
    const file = id === '/' ? 'index' : id.endsWith('/') ? `${id.slice(1)}index` : id.slice(1)
    return [{ file, fullPath }]
  })
}

describe('the route chunks preloaded from index.html (issue 17, the cold start)', () => {
  it("matches every route file's pattern to the address TanStack Router gives it", () => {
    const routes = generatedRoutes()
    expect(routes.length).toBeGreaterThan(50)
    for (const { file, fullPath } of routes) {
      const address = fullPath.replace(/\$[^/]*/g, 'x7')
      expect(new RegExp(routePattern(file)).test(address), `${file} → ${fullPath}`).toBe(true)
      // `/patients/` is opened as `/patients` too.
      const bare = address.length > 1 ? address.replace(/\/$/, '') : address
      expect(new RegExp(routePattern(file)).test(bare), file).toBe(true)
    }
    expect(new RegExp(routePattern('_app/patients/index')).test('/patients/create')).toBe(false)
  })

  it("lists a route's chunks, its layout's and all their imports, without what the HTML preloads", () => {
    const chunks = [
      chunk('index.js', { isEntry: true, imports: ['react.js'] }),
      chunk('react.js'),
      chunk('app.js', { moduleIds: [split('_app.tsx')], imports: ['react.js', 'sync.js'] }),
      chunk('sync.js', { imports: ['dexie.js'] }),
      chunk('dexie.js'),
      chunk('patients.js', {
        moduleIds: [split('_app/patients/index.tsx')],
        imports: ['table.js'],
        importedCss: ['patients.css'],
      }),
      chunk('table.js', { importedCss: ['table.css'] }),
      chunk('record.js', { moduleIds: [split('_app/patients/record/$id.tsx')], imports: ['pdf.js'] }),
      chunk('pdf.js'),
      chunk('create.js', { moduleIds: [split('_app/patients/create.tsx')] }),
      chunk('login.js', { moduleIds: [split('index.tsx')] }),
    ]
    const preloads = routePreloads(chunks, ROUTES)
    const of = (pattern: string) => preloads.find((preload) => preload.pattern === pattern)
    expect(of(routePattern('_app/patients/index'))).toEqual({
      pattern: '^/patients/?$',
      files: expect.arrayContaining(['patients.js', 'table.js', 'app.js', 'sync.js', 'dexie.js']),
    })
    expect(of('^/patients/?$')?.files).toHaveLength(7)
    expect(of('^/patients/?$')?.files.slice(-2).sort()).toEqual(['patients.css', 'table.css'])
    expect(of('^/patients/?$')?.files).not.toContain('pdf.js')
    expect(of('^/patients/?$')?.files).not.toContain('react.js')
    // The sign-in page is no signed-in screen: it loads its own, with nothing to wait for.
    expect(of(routePattern('index'))).toBeUndefined()
    // A static address is tried before one with a parameter.
    const order = preloads.map((preload) => preload.pattern)
    expect(order.indexOf('^/patients/create/?$')).toBeLessThan(order.indexOf('^/patients/record/[^/]+/?$'))
  })

  it("finds each language's two catalogue parts", () => {
    const chunks = [
      chunk('public-es.js', { moduleIds: ['/repo/locales/es/public.po'] }),
      chunk('app-es.js', { moduleIds: ['/repo/locales/es/app.po'] }),
      chunk('public-en.js', { moduleIds: ['/repo/locales/en/public.po'] }),
      chunk('app-en.js', { moduleIds: ['/repo/locales/en/app.po'] }),
    ]
    expect(cataloguePreloads(chunks)).toEqual({
      es: { public: ['public-es.js'], signedIn: ['app-es.js'] },
      en: { public: ['public-en.js'], signedIn: ['app-en.js'] },
    })
  })

  describe('the scripts in the page', () => {
    const first = preloadScriptSource(
      {
        es: { public: ['assets/public-es.js'], signedIn: ['assets/app-es.js'] },
        en: { public: ['assets/public-en.js'], signedIn: ['assets/app-en.js'] },
      },
      'es',
      'assets/screen-preload.js',
    )
    const screens = screensScriptSource([
      { pattern: '^/patients/?$', files: ['assets/patients.js', 'assets/patients.css'] },
      { pattern: '^/patients/[^/]+/?$', files: ['assets/record.js'] },
    ])

    type Added = {
      rel?: string
      href?: string
      as?: string
      crossOrigin?: string
      src?: string
      async?: boolean
    }

    /** Runs a script at `pathname` with `stored` in local storage; returns the elements it added. */
    function run(source: string, pathname: string, stored: Record<string, string>): Added[] {
      const added: Added[] = []
      const document = {
        createElement: () => ({}),
        head: { appendChild: (element: Added) => added.push(element) },
      }
      const localStorage = { getItem: (key: string) => stored[key] ?? null }
      new Function('location', 'document', 'localStorage', source)({ pathname }, document, localStorage)
      return added
    }
    const byAddress = (a: Added, b: Added) => (a.href ?? '').localeCompare(b.href ?? '')

    it('preloads both catalogue parts and runs the screens script when a session is stored', () => {
      expect(run(first, '/patients', { session: '{}' })).toEqual([
        { rel: 'modulepreload', crossOrigin: '', href: '/assets/public-es.js' },
        { rel: 'modulepreload', crossOrigin: '', href: '/assets/app-es.js' },
        { async: true, src: '/assets/screen-preload.js' },
      ])
      expect(run(first, '/patients', { session: '{}', lang: 'en' }).map((link) => link.href)).toEqual([
        '/assets/public-en.js',
        '/assets/app-en.js',
        undefined,
      ])
    })

    it("preloads only the sign-in page's catalogue without a session", () => {
      expect(run(first, '/patients', { lang: 'xx' })).toEqual([
        { rel: 'modulepreload', crossOrigin: '', href: '/assets/public-es.js' },
      ])
    })

    it("adds the opened screen's files and styles, and nothing at an address of no screen", () => {
      expect(run(screens, '/patients', {}).sort(byAddress)).toEqual([
        { rel: 'preload', as: 'style', crossOrigin: '', href: '/assets/patients.css' },
        { rel: 'modulepreload', crossOrigin: '', href: '/assets/patients.js' },
      ])
      expect(run(screens, '/patients/12', {}).map((link) => link.href)).toEqual(['/assets/record.js'])
      expect(run(screens, '/nowhere', {})).toEqual([])
    })
  })
})
