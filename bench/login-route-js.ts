/**
 * JS loaded by the login route (DESIGN §7: ≤ 170 KB gzip): opens the demo tenant's login page
 * in Debian's Chromium against the real server and sums the gzip size of every script the page
 * fetched. Needs a built dist/ (`npm run build`).
 */
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { CHROMIUM_LAUNCH } from '../tests/e2e/chromium'
import { freePort, startServer } from './measure'

export const LOGIN_ROUTE_BUDGET_KB = 170

export async function loginRouteJs(): Promise<string[]> {
  const port = await freePort()
  const server = await startServer('api', port)
  const browser = await chromium.launch(CHROMIUM_LAUNCH)
  try {
    const page = await browser.newPage()
    const scripts: { url: string; gzip: number }[] = []
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return
      const body = await response.body()
      scripts.push({ url: new URL(response.url()).pathname, gzip: gzipSync(body, { level: 9 }).length })
    })
    await page.goto(`http://demo.localhost:${port}/`, { waitUntil: 'networkidle' })
    await page.getByLabel('Contraseña').waitFor()
    const total = scripts.reduce((sum, s) => sum + s.gzip, 0) / 1024
    const verdict = total <= LOGIN_ROUTE_BUDGET_KB ? 'within' : 'OVER'
    return [
      ...scripts.map((s) => `| ${s.url} | ${(s.gzip / 1024).toFixed(1)} KB |`),
      `| **total** (${verdict} the ${LOGIN_ROUTE_BUDGET_KB} KB budget) | **${total.toFixed(1)} KB** |`,
    ]
  } finally {
    await browser.close()
    server.kill()
  }
}
