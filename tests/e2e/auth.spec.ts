import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { restoreDemoPassword } from './passwords'
import { DEMO_PASSWORD, openUserMenu, signIn, signOut } from './sign-in'

/**
 * Authentication end to end on the demo tenant: each role's sidebar, remember me, failures,
 * recovery by e-mailed code, the forced password change, the privacy notice, the permission
 * dialog and the expiry of the session. Each test uses its own account where it changes state.
 */
const sidebar = (page: import('@playwright/test').Page) =>
  page.getByRole('complementary', { name: 'Navegación' })

test('each role signs in to its own home and sidebar', async ({ page }) => {
  // Three sign-ins, each with its initial sync: past the default 60 s on a busy 2-core machine.
  test.setTimeout(120_000)
  await signIn(page, 'doctor@demo.localhost')
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(sidebar(page).getByRole('link', { name: 'Tablero' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Tablero' })).toBeVisible()
  await signOut(page)

  // The patient holds only the self-service screens: no dashboard, the patient home instead.
  await signIn(page, 'patient@demo.localhost')
  await expect(page).toHaveURL(/\/dashboard\/patient-home$/)
  await expect(sidebar(page).getByRole('link', { name: 'Inicio' })).toBeVisible()
  await expect(sidebar(page).getByRole('link', { name: 'Tablero' })).toHaveCount(0)
  await openUserMenu(page)
  await expect(page.getByRole('menuitem', { name: 'Cerrar sesión' })).toBeVisible()
  await expect(page.getByRole('menuitem', { name: 'Modo paciente' })).toHaveCount(0)
  await page.keyboard.press('Escape')
  await signOut(page)

  // The nurse is also followed as a patient: she switches between both modes.
  await signIn(page, 'nurse@demo.localhost')
  await expect(page).toHaveURL(/\/dashboard$/)
  await openUserMenu(page)
  await page.getByRole('menuitem', { name: 'Modo paciente' }).click()
  await expect(page).toHaveURL(/\/dashboard\/patient-home$/)
  await expect(sidebar(page).getByRole('link', { name: 'Tablero' })).toHaveCount(0)
  await openUserMenu(page)
  await page.getByRole('menuitem', { name: 'Modo profesional' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await signOut(page)
})

test('remember me keeps the lowercased username for the next visit', async ({ page }) => {
  await page.goto('/')
  await page.getByLabel('Usuario').fill('Admin@Demo.Localhost')
  await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD)
  await page.getByRole('checkbox', { name: 'Recordarme' }).click()
  await page.getByRole('button', { name: 'Ingresar' }).click()
  await page.waitForURL((url) => url.pathname !== '/')
  if (new URL(page.url()).pathname === '/notice_privacy') {
    await page.getByRole('checkbox', { name: 'He leído y acepto el aviso de privacidad' }).click()
    await page.getByRole('button', { name: 'Aceptar y continuar' }).click()
  }
  await expect(page).toHaveURL(/\/dashboard$/)
  await signOut(page)
  await expect(page.getByLabel('Usuario')).toHaveValue('admin@demo.localhost')
  await expect(page.getByRole('checkbox', { name: 'Recordarme' })).toBeChecked()
})

test('a wrong password is told without saying whether the user exists', async ({ page }) => {
  await page.goto('/')
  await page.getByLabel('Usuario').fill('doctor@demo.localhost')
  await page.getByLabel('Contraseña', { exact: true }).fill('No-es-la-clave1')
  await page.getByRole('button', { name: 'Ingresar' }).click()
  await expect(page.getByRole('alert')).toHaveText('El usuario o la contraseña no son correctos.')
  await page.getByLabel('Usuario').fill('nadie@demo.localhost')
  await page.getByRole('button', { name: 'Ingresar' }).click()
  await expect(page.getByRole('alert')).toHaveText('El usuario o la contraseña no son correctos.')
  await expect(page).toHaveURL(/\/$/)
})

test('a password is recovered with the code sent by e-mail', async ({ page }) => {
  const mailbox = join(process.env.E2E_DATA_DIR ?? '', 'dev-mailbox.jsonl')
  await page.goto('/')
  await page.getByRole('link', { name: 'Recuperar contraseña' }).click()
  await page.getByLabel('Usuario').fill('staff@demo.localhost')
  await page.getByRole('button', { name: 'Continuar' }).click()
  await expect(page).toHaveURL(/\/password-confirmation$/)
  await expect(page.getByText('s***f@demo.localhost')).toBeVisible()

  const mails = readFileSync(mailbox, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
  const mail = mails.filter((m) => m.to === 'staff@demo.localhost').at(-1)
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? ''
  expect(code).toMatch(/^\d{6}$/)

  await page.getByLabel('Código de verificación').fill(code)
  await page.getByLabel('Nueva contraseña').fill('Recupera#2026')
  await page.getByLabel('Confirmar contraseña').fill('Recupera#2027')
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click()
  await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible()
  await page.getByLabel('Confirmar contraseña').fill('Recupera#2026')
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click()
  await expect(page.getByText('Contraseña actualizada correctamente')).toBeVisible()
  await page.getByRole('button', { name: 'Aceptar' }).click()

  await signIn(page, 'staff@demo.localhost', 'Recupera#2026')
  await expect(page).toHaveURL(/\/dashboard$/)
  await restoreDemoPassword(page, 'Recupera#2026')
})

test('a password the administrator chose must be changed at the first sign-in', async ({ page }) => {
  await page.goto('/')
  await page.getByLabel('Usuario').fill('nuevo@demo.localhost')
  await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Ingresar' }).click()
  await expect(page).toHaveURL(/\/update-password$/)
  // Nothing else opens until the password changes.
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/update-password$/)
  await page.getByLabel('Contraseña actual').fill(DEMO_PASSWORD)
  await page.getByLabel('Nueva contraseña').fill('corta')
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click()
  await expect(page.getByText(/al menos 8 caracteres, una mayúscula/)).toBeVisible()
  await page.getByLabel('Nueva contraseña').fill('Nueva#Clave2026')
  await page.getByLabel('Confirmar contraseña').fill('Nueva#Clave2026')
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click()
  await expect(page.getByText('Contraseña actualizada correctamente')).toBeVisible()
  await page.getByRole('button', { name: 'Aceptar' }).click()
  await expect(page).toHaveURL(/\/$/)
  await signIn(page, 'nuevo@demo.localhost', 'Nueva#Clave2026')
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('the privacy notice is accepted once, before anything else', async ({ page }) => {
  await page.goto('/')
  await page.getByLabel('Usuario').fill('tech@demo.localhost')
  await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Ingresar' }).click()
  await expect(page).toHaveURL(/\/notice_privacy$/)
  await expect(page.getByText(/derechos ARCO/)).toBeVisible()
  const accept = page.getByRole('button', { name: 'Aceptar y continuar' })
  await expect(accept).toBeDisabled()
  await page.getByRole('checkbox', { name: 'He leído y acepto el aviso de privacidad' }).click()
  await accept.click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await signOut(page)
  // Accepted: the next sign-in goes straight home.
  await page.getByLabel('Usuario').fill('tech@demo.localhost')
  await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Ingresar' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('a screen without its permission shows the dialog and the user stays', async ({ page }) => {
  await signIn(page, 'patient@demo.localhost')
  await expect(page).toHaveURL(/\/dashboard\/patient-home$/)
  // Inside the app (no reload): the router's guard refuses and stays.
  await page.evaluate(() => {
    history.pushState({}, '', '/dashboard')
    dispatchEvent(new PopStateEvent('popstate'))
  })
  await expect(page.getByRole('alertdialog')).toContainText('Lo sentimos no tiene permiso para acceder')
  await page.getByRole('button', { name: 'Aceptar' }).click()
  await expect(page).toHaveURL(/\/dashboard\/patient-home$/)

  // Opened directly (a bookmark): the dialog, and the user's own home.
  await page.goto('/dashboard')
  await expect(page.getByRole('alertdialog')).toContainText('Lo sentimos no tiene permiso para acceder')
  await expect(page).toHaveURL(/\/dashboard\/patient-home$/)
})

test('an expired session that cannot be refreshed returns to login with the message', async ({ page }) => {
  await signIn(page, 'manager@demo.localhost')
  await expect(page).toHaveURL(/\/dashboard$/)
  // The access token is within its last hour and the refresh token was revoked elsewhere.
  await page.evaluate(() => {
    const session = JSON.parse(localStorage.getItem('session') ?? '{}')
    localStorage.setItem(
      'session',
      JSON.stringify({ ...session, expiresAt: Date.now() + 60_000, refreshToken: 'revocado' }),
    )
  })
  await page.reload()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByText('La sesión ha expirado. Inicia sesión de nuevo para continuar.')).toBeVisible()
})

test('the English texts of the permission dialog and the expiry follow the language', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'English' }).click()
  await page.getByLabel('Username').fill('super@demo.localhost')
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => url.pathname !== '/')
  if (new URL(page.url()).pathname === '/notice_privacy') {
    await expect(page.getByText(/ARCO rights/)).toBeVisible()
    await page.getByRole('checkbox', { name: 'I have read and accept the privacy notice' }).click()
    await page.getByRole('button', { name: 'Accept and continue' }).click()
  }
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
  await openUserMenu(page)
  await expect(page.getByRole('menuitemradio', { name: 'English' })).toBeChecked()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible()
})

test('a password is recovered by answering the three security questions', async ({ page }) => {
  await page.goto('/password-recovery')
  await page.getByLabel('Usuario').fill('doctor@demo.localhost')
  await page.getByLabel('Con mis preguntas de seguridad').check()
  await page.getByRole('button', { name: 'Continuar' }).click()
  await expect(page).toHaveURL(/\/questions$/)
  await page.getByLabel('¿Cuál es el nombre de tu primera mascota?').fill('firulais')
  await page.getByLabel('¿En qué ciudad naciste?').fill('Queretaro')
  await page.getByLabel('¿Cuál es tu comida favorita?').fill('Tacos')
  await page.getByRole('button', { name: 'Validar respuestas' }).click()
  await expect(page.getByRole('alert')).toHaveText('Las respuestas no coinciden con las registradas.')
  await page.getByLabel('¿Cuál es tu comida favorita?').fill('POZOLE')
  await page.getByRole('button', { name: 'Validar respuestas' }).click()
  await page.getByLabel('Nueva contraseña').fill('Pregunta#2026')
  await page.getByLabel('Confirmar contraseña').fill('Pregunta#2026')
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click()
  await expect(page.getByText('Contraseña actualizada correctamente')).toBeVisible()
  await page.getByRole('button', { name: 'Aceptar' }).click()
  await signIn(page, 'doctor@demo.localhost', 'Pregunta#2026')
  await expect(page).toHaveURL(/\/dashboard$/)
  await restoreDemoPassword(page, 'Pregunta#2026')
})

test('a recovery left too long shows the expiry text and starts over', async ({ page }) => {
  await page.goto('/password-recovery')
  await page.getByLabel('Usuario').fill('manager@demo.localhost')
  await page.getByRole('button', { name: 'Continuar' }).click()
  await expect(page).toHaveURL(/\/password-confirmation$/)
  // The reset token's expires_at passes (15 minutes in real life).
  await page.evaluate(() => {
    const state = JSON.parse(sessionStorage.getItem('passwordRecovery') ?? '{}')
    sessionStorage.setItem(
      'passwordRecovery',
      JSON.stringify({ ...state, expires_at: new Date(Date.now() - 1000).toISOString() }),
    )
  })
  await page.reload()
  await expect(
    page.getByText('El tiempo para recuperar contraseña ha expirado, inténtalo nuevamente'),
  ).toBeVisible()
  await page.getByRole('link', { name: 'Recuperar contraseña' }).click()
  await expect(page).toHaveURL(/\/password-recovery$/)
})
