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
