/**
 * Whether dist/ holds a PWA built from the current sources, and building it when not: used by
 * `npm start` and by the benchmarks that load the built PWA.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const PWA_INPUTS = [
  'src',
  'public',
  'locales',
  'index.html',
  'vite.config.ts',
  'lingui.config.ts',
  'package.json',
]

function newestChange(path: string): number {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestChange(join(path, name))),
    stat.mtimeMs,
  )
}

function pwaIsStale(): boolean {
  const builtAt = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0
  return PWA_INPUTS.some((input) => newestChange(input) > builtAt)
}

/** Builds the PWA when dist/ is missing or older than its sources; exits when the build fails. */
export function ensurePwaBuilt(): void {
  if (!pwaIsStale()) return
  console.info('Building the PWA (dist/ is missing or older than its sources)…')
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], { stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}
