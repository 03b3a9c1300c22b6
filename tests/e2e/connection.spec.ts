import { expect, test } from '@playwright/test'
import { signIn } from './sign-in'

/**
 * Issue 17: the header tells a nurse the truth about the network. Offline within 2 s of the
 * browser knowing it (not after the sync's next failed try); online again once the server answers.
 */
test('the header turns offline within 2 s and back online when the server answers', async ({
  page,
  context,
}) => {
  await signIn(page, 'nurse@demo.localhost')
  const status = page.getByRole('banner').getByRole('link', { name: /En línea|Sin conexión/ })
  await expect(status).toContainText('En línea')

  await context.setOffline(true)
  await expect(status).toContainText('Sin conexión', { timeout: 2_000 })

  await context.setOffline(false)
  await expect(status).toContainText('En línea', { timeout: 5_000 })
})

/**
 * A chart's chunk the device cannot load (offline before the service worker cached it) leaves the
 * screen standing: the chart's room says so, and the chart comes once the connection is back.
 */
test.describe('without the chart in the cache', () => {
  // The service worker would answer from its cache, where page.route cannot reach.
  test.use({ serviceWorkers: 'block' })

  test('a chart that cannot load offline says so, and shows once the connection is back', async ({
    page,
    context,
  }) => {
    await signIn(page, 'nurse@demo.localhost')
    const chunk = /\/assets\/DashboardChart-[^/]*\.js$/
    await page.route(chunk, (route) => route.abort('internetdisconnected'))
    await page.goto('/dashboard')
    const unavailable = page.getByText('El gráfico se mostrará cuando vuelva la conexión.')
    await expect(unavailable.first()).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Tareas de hoy' })).toBeVisible()

    await page.unroute(chunk)
    await context.setOffline(true)
    await context.setOffline(false)
    await expect(unavailable).toHaveCount(0)
    await expect(page.locator('.dashboard-chart canvas').first()).toBeVisible()
  })
})

/**
 * A screen whose code the device does not have (offline before the service worker cached it)
 * shows our page inside the layout, in Spanish, not the router's English error; it opens by
 * itself once the connection is back.
 */
test.describe('without a screen in the cache', () => {
  test.use({ serviceWorkers: 'block' })

  test('a screen that cannot load offline says so, and opens once the connection is back', async ({
    page,
    context,
  }) => {
    await signIn(page, 'nurse@demo.localhost')
    const chunk = /\/assets\/profile-[^/]*\.js$/
    await page.route(chunk, (route) => route.abort('internetdisconnected'))
    await page.goto('/profile')
    const missing = page.getByRole('alert').getByRole('heading', {
      name: 'Esta pantalla aún no está en este dispositivo',
    })
    await expect(missing).toBeVisible()
    // The layout stays around it: the header and its menu.
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(page.getByText('Something went wrong')).toHaveCount(0)

    await page.unroute(chunk)
    await context.setOffline(true)
    await context.setOffline(false)
    await expect(page.getByRole('heading', { name: 'Mi perfil' })).toBeVisible()
    await expect(missing).toHaveCount(0)
  })
})
