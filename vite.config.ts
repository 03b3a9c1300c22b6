import { lingui } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type PluginOption } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

const apiPort = process.env.API_PORT ?? '3001'

/** The transforms every client module needs, shared with the unit-test project. */
export const clientPlugins = (): PluginOption[] => [
  babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
  lingui(),
  react(),
]

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    ...clientPlugins(),
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
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    port: 3000,
    host: true,
    allowedHosts: ['.localhost'],
    // Tenancy is by host: keep the browser's Host header when proxying to the API.
    proxy: { '/api': { target: `http://localhost:${apiPort}`, changeOrigin: false } },
  },
  preview: { port: 4173, host: true, allowedHosts: ['.localhost'] },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 600 },
})
