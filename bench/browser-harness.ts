/**
 * Runs the real client code in Debian's Chromium against the real server, same-origin: the
 * bench page (bench/browser/main.ts, bundled here with Vite and the app's own client plugins)
 * is served by Playwright under `http://demo.localhost:<port>/__bench/`, while every other
 * request, `/api/…` included, goes through to the server on that port.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type BrowserContext, chromium, type Page } from '@playwright/test'
import { build } from 'vite'
import { CHROMIUM_LAUNCH } from '../tests/e2e/chromium'
import { clientPlugins } from '../vite.config'
import type { BrowserBench } from './browser/api'

const root = fileURLToPath(new URL('..', import.meta.url))
const BASE = '/__bench/'
const INDEX = '<!doctype html><meta charset="utf-8"><title>bench</title>'

let bundled: Promise<string> | null = null

/**
 * Bundles the bench page once per run (minified, as the app ships), into a temporary folder.
 * BENCH_NO_MINIFY=1 keeps the functions' names, for a CPU profile that says where the time goes.
 */
export function bundleBenchPage(): Promise<string> {
  bundled ??= (async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'salud-bench-page-'))
    process.once('exit', () => rmSync(outDir, { recursive: true, force: true }))
    await build({
      configFile: false,
      root,
      base: BASE,
      logLevel: 'error',
      plugins: clientPlugins(),
      build: {
        outDir,
        emptyOutDir: true,
        copyPublicDir: false,
        minify: process.env.BENCH_NO_MINIFY ? false : undefined,
        modulePreload: false,
        rollupOptions: {
          input: join(root, 'bench/browser/main.ts'),
          output: { entryFileNames: 'main.js', chunkFileNames: '[name]-[hash].js', format: 'es' },
        },
      },
    })
    return outDir
  })()
  return bundled
}

const types: Record<string, string> = {
  '.js': 'text/javascript',
  '.html': 'text/html',
  '.css': 'text/css',
  '.json': 'application/json',
}

export interface BenchPage {
  page: Page
  /** Calls one of the page's `window.bench` functions and returns its (serialisable) answer. */
  call<K extends keyof BrowserBench>(
    name: K,
    ...args: Parameters<BrowserBench[K]>
  ): Promise<Awaited<ReturnType<BrowserBench[K]>>>
  close(): Promise<void>
}

/**
 * A fresh browser on the bench page of the server at `port`, with a profile of its own on disk
 * (as an installed app keeps its IndexedDB), removed on close.
 */
export async function openBenchPage(port: number): Promise<BenchPage> {
  const dir = await bundleBenchPage()
  const profile = mkdtempSync(join(tmpdir(), 'salud-bench-profile-'))
  const context: BrowserContext = await chromium.launchPersistentContext(profile, CHROMIUM_LAUNCH)
  const close = async () => {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    const origin = `http://demo.localhost:${port}`
    await page.route(`${origin}${BASE}**`, (route) => {
      const path = new URL(route.request().url()).pathname.slice(BASE.length)
      if (path === '' || path === 'index.html') {
        return route.fulfill({
          contentType: 'text/html',
          body: `${INDEX}<script type="module" src="${BASE}main.js"></script>`,
        })
      }
      const file = normalize(join(dir, path))
      if (!file.startsWith(dir)) return route.fulfill({ status: 404 })
      try {
        return route.fulfill({
          contentType: types[extname(file)] ?? 'application/octet-stream',
          body: readFileSync(file),
        })
      } catch {
        return route.fulfill({ status: 404 })
      }
    })
    page.on('pageerror', (error) => console.error('bench page:', error))
    await page.goto(`${origin}${BASE}`)
    await page.waitForFunction(() => 'bench' in globalThis)
    return {
      page,
      call: (name, ...args) =>
        page.evaluate(
          ({ name, args }) => {
            // Runs in the page, whose window holds the bench (Node's types know no window).
            const bench = (globalThis as unknown as { bench: Record<string, (...a: unknown[]) => unknown> })
              .bench
            return bench[name]?.(...args)
          },
          { name, args: args as unknown[] },
        ) as never,
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}
