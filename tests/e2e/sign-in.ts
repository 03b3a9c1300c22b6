import { expect, type Page } from '@playwright/test'

export const DEMO_PASSWORD = 'Demo1234!'

/**
 * Signs in through the login page; accepts the privacy notice when the server asks for it (every
 * demo account has it pending on its first sign-in).
 */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/')
  await page.getByLabel('Usuario').fill(username)
  await page.getByLabel('Contraseña', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Ingresar' }).click()
  // A refused sign-in (a password another spec changed and did not give back) fails here, with
  // the login's words, instead of waiting out the test's time for a page that never comes.
  const refused = page.locator('form [role="alert"]')
  const signedIn = () => new URL(page.url()).pathname !== '/'
  while (!signedIn()) {
    if (await refused.isVisible())
      throw new Error(`${username} could not sign in: ${await refused.textContent()}`)
    await page.waitForURL((url) => url.pathname !== '/', { timeout: 250 }).catch(() => {})
  }
  if (new URL(page.url()).pathname === '/notice_privacy') {
    await page.getByRole('checkbox', { name: 'He leído y acepto el aviso de privacidad' }).click()
    await page.getByRole('button', { name: 'Aceptar y continuar' }).click()
    await page.waitForURL((url) => url.pathname !== '/notice_privacy')
  }
}

/** Opens the header's user menu (profile, mode, language, sign out). */
export async function openUserMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^(Tu cuenta|Your account):/ }).click()
  await expect(page.getByRole('menu')).toBeVisible()
}

export async function signOut(page: Page): Promise<void> {
  await openUserMenu(page)
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click()
  await expect(page.getByLabel('Contraseña', { exact: true })).toBeVisible()
}
