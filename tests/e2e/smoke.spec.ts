import { gzipSync } from 'node:zlib'
import { expect, test } from '@playwright/test'
import { LOGIN_ROUTE_BUDGET_KB } from '../../bench/login-route-js'

/**
 * The foundation's promise: the demo tenant's login page is served in Spanish, English is kept
 * across reloads, the service worker takes control, and the shell opens with no network.
 */
test('the demo tenant serves its login page in Spanish', async ({ page }) => {
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await expect(page.getByLabel('Contraseña', { exact: true })).toBeVisible()
  await expect(page.getByText('Clínica Demo').first()).toBeVisible()
})

// The bench (`npm run bench -- login-route-js`) measures the same; this keeps a search validator
// that imports a schema module, say, from taking the entry over budget unnoticed.
test('the login page loads no more script than its budget (DESIGN §7, gzip)', async ({ page }) => {
  const sizes: Promise<number>[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      sizes.push(response.body().then((body) => gzipSync(body, { level: 9 }).length))
  })
  await page.goto('/', { waitUntil: 'networkidle' })
  await expect(page.getByLabel('Contraseña', { exact: true })).toBeVisible()
  const kb = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0) / 1024
  expect(kb).toBeGreaterThan(50)
  expect(kb).toBeLessThanOrEqual(LOGIN_ROUTE_BUDGET_KB)
})

test('English is kept after a reload', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'English' }).click()
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
})

test('the shell opens offline once the service worker controls the page', async ({ page, context }) => {
  await page.goto('/')
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready
    return navigator.serviceWorker.controller !== null
  })
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByLabel('Contraseña', { exact: true })).toBeVisible()
  await context.setOffline(false)
})

test('an unknown host gets a clear not-found page', async ({ page }) => {
  const port = new URL(test.info().project.use.baseURL ?? '').port
  const response = await page.goto(`http://nowhere.localhost:${port}/`)
  expect(response?.status()).toBe(404)
  await expect(page.locator('body')).toContainText(/no encontrad/i)
})
