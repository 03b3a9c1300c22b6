import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { lingui } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type PluginOption } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { routePreload } from './build/route-preload'
import { staffChunks } from './build/staff-chunks'
import { startupScript } from './build/startup-script'

const apiPort = process.env.API_PORT ?? '3001'

/** The built files worth compressing: text (images and fonts come compressed). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest)$/
/** What the server compresses on the fly, too: below this the headers outweigh the gain. */
const SMALLEST = 1024

/**
 * Every static file of the build also as `.br` (brotli at its best, 11) and `.gz` (gzip 9), made
 * once here rather than at each request: the server sends the one the browser accepts
 * (server/platform/static-files.ts), a phone on a slow network gets the smallest, and the server
 * spends no CPU on it. Runs last, once the service worker is written too.
 */
function precompress(): PluginOption {
  let outDir = 'dist'
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await readdir(outDir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file))
        await Promise.all(
          files.map(async (file) => {
            const path = join(outDir, file)
            const bytes = await readFile(path)
            if (bytes.length < SMALLEST) return
            const [br, gz] = await Promise.all([
              promisify(brotliCompress)(bytes, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
                },
              }),
              promisify(gzip)(bytes, { level: 9 }),
            ])
            await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)])
          }),
        )
      },
    },
  }
}

/** The transforms every client module needs, shared with the unit-test project. */
export const clientPlugins = (): PluginOption[] => [
  babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
  lingui(),
  react(),
]

/** The route chunks only staff open: precached once a professional signs in (src/sw.ts). */
const staff = staffChunks()

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    ...clientPlugins(),
    startupScript(),
    staff.plugin,
    routePreload(fileURLToPath(new URL('./src/routes', import.meta.url))),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      // Our own public/manifest.webmanifest is linked from index.html.
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
        // Marks the staff-only chunks: the service worker leaves them out of its install.
        manifestTransforms: [
          (entries) => ({
            manifest: entries.map((entry) =>
              staff.files.has(entry.url) ? { ...entry, staff: true } : entry,
            ),
          }),
        ],
      },
      devOptions: { enabled: false },
    }),
    precompress(),
  ],
  server: {
    port: 3000,
    host: true,
    allowedHosts: ['.localhost'],
    // Tenancy is by host: keep the browser's Host header when proxying to the API.
    proxy: { '/api': { target: `http://localhost:${apiPort}`, changeOrigin: false } },
  },
  preview: { port: 4173, host: true, allowedHosts: ['.localhost'] },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    // The entry's imports are preloaded from the HTML; a lazy route's are not: the helper that
    // preloads them appended a <link> per dependency on the page's thread (about 130 ms of a cold
    // /patients at 4× throttle), while the service worker answers the imports it then asks for
    // in a few milliseconds each.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
  },
})
