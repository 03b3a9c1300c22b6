import { expect, type Page } from '@playwright/test'
import { DEMO_PASSWORD } from './sign-in'

/**
 * Gives a demo account its demo password back after a test changed it (the signed-in session's
 * own update-password call), so the specs after it can sign in as that account.
 */
export async function restoreDemoPassword(page: Page, current: string): Promise<void> {
  const status = await page.evaluate(
    async ({ current, demo }) => {
      const token = JSON.parse(localStorage.getItem('session') ?? '{}').accessToken
      const answer = await fetch('/api/authentication/update-password', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ current_password: current, password: demo, password_confirmation: demo }),
      })
      return answer.status
    },
    { current, demo: DEMO_PASSWORD },
  )
  expect(status).toBe(200)
}
