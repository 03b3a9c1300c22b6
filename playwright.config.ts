import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from '@playwright/test'
import { CHROMIUM_LAUNCH } from './tests/e2e/chromium'

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against `npm start`
 * on a throw-away data directory with the embedded database and the demo seed.
 */
const port = Number(process.env.E2E_PORT ?? 3100)
// The config is also loaded by the workers: make the data folder once, in the main process; the
// global teardown removes it (only when made here).
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = mkdtempSync(join(tmpdir(), 'salud-e2e-'))
  process.env.E2E_DATA_DIR_MADE = '1'
}
const dataDir = process.env.E2E_DATA_DIR

export default defineConfig({
  testDir: 'tests/e2e',
  globalTeardown: './tests/e2e/global-teardown.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://demo.localhost:${port}`,
    locale: 'es-MX',
    trace: 'retain-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: 'npm start',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      // The smoke runs on the embedded database, even in CI where DATABASE_URL points at PostgreSQL.
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // Every test signs in from 127.0.0.1; the per-IP limit is tested in the server suite.
      AUTH_RATE_LIMIT_MAX: '1000',
      RATE_LIMIT_MAX: '100000',
    },
  },
})
