import { expect, type Page, test } from '@playwright/test'
import { expectAccessible } from './axe'
import { DEMO_PASSWORD, signIn, signOut } from './sign-in'

/**
 * The shared UI proven on the administration screens (issue 4): users and profiles created,
 * found, edited and deleted, in Spanish and in English; the permission that goes takes its menu
 * item with it; and every screen passes axe-core.
 */
const sidebar = (page: Page) => page.getByRole('complementary', { name: /Navegación|Navigation/ })

async function searchTable(page: Page, text: string, placeholder = 'Buscar...') {
  await page.getByPlaceholder(placeholder).fill(text)
  // The table waits 700 ms after the last key.
  await page.waitForTimeout(900)
}

test('an administrator creates, finds, edits and deletes a user (Spanish)', async ({ page }) => {
  // A sign-in with its initial sync and two axe-core passes: on a busy 2-core machine the profile
  // form's axe pass alone took 24 s, and the test ran past the default 60 s.
  test.setTimeout(120_000)
  await signIn(page, 'super@demo.localhost')
  await sidebar(page).getByRole('link', { name: 'Usuarios' }).click()
  await expect(page.getByRole('heading', { name: 'Usuarios' })).toBeVisible()
  await expect(page.getByText(/Mostrando 1 a \d+ de \d+ registros/)).toBeVisible()
  await expectAccessible(page, 'users list')

  await page.getByRole('link', { name: 'Nuevo usuario' }).click()
  await expectAccessible(page, 'user form')
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expect(page.getByText('Este campo es obligatorio.').first()).toBeVisible()
  await page.getByLabel('Nombre', { exact: true }).fill('Renata')
  await page.getByLabel('Apellido paterno').fill('Quiroga')
  await page.getByLabel('Correo electrónico').fill('renata.quiroga@demo.localhost')
  await page.getByLabel('Número de empleado').fill('e0100')
  await page.getByLabel('Teléfono').fill('123')
  await page.getByLabel('Perfil', { exact: true }).selectOption({ label: 'Profesional de la salud' })
  await page.getByLabel('Contraseña', { exact: true }).fill('Inicial#2026')
  await page.getByLabel('Confirmar contraseña').fill('Inicial#2026')
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expect(
    page.getByText('El teléfono debe tener de 10 a 15 dígitos, sin caracteres especiales.'),
  ).toBeVisible()
  await page.getByLabel('Teléfono').fill('4421234567')
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expect(page).toHaveURL(/\/users$/)
  await expect(page.getByText('Usuario creado').first()).toBeVisible()

  await searchTable(page, 'quiroga')
  const row = page.getByRole('row', { name: /renata\.quiroga@demo\.localhost/ })
  await expect(row).toBeVisible()
  // The employee number gives way to the width: the row's expansion reads it.
  await row.getByRole('button', { name: 'Más datos de la fila' }).click()
  await expect(page.getByText('E0100', { exact: true })).toBeVisible()
  await row.getByRole('link', { name: /Editar/ }).click()
  await expect(page.getByLabel('Nombre', { exact: true })).toHaveValue('Renata')
  await page.getByLabel('Nombre', { exact: true }).fill('Renata Sofía')
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expect(page.getByText('Usuario actualizado').first()).toBeVisible()

  await searchTable(page, 'renata sofía')
  await page
    .getByRole('row', { name: /renata\.quiroga/ })
    .getByRole('button', { name: /Eliminar/ })
    .click()
  await expect(page.getByRole('alertdialog')).toContainText('¿Eliminar a renata.quiroga@demo.localhost?')
  await expectAccessible(page, 'delete confirmation')
  await page.getByRole('button', { name: 'Eliminar', exact: true }).click()
  await expect(page.getByText('Usuario eliminado').first()).toBeVisible()
  await expect(page.getByText('No hay datos para mostrar')).toBeVisible()
})

test('an administrator creates, finds, edits and deletes a profile (English)', async ({ page }) => {
  // A sign-in with its initial sync and two axe-core passes: on a busy 2-core machine the profile
  // form's axe pass alone took 24 s, and the test ran past the default 60 s.
  test.setTimeout(120_000)
  await page.goto('/')
  await page.getByRole('button', { name: 'English' }).click()
  await signInEnglish(page, 'super@demo.localhost')
  await sidebar(page).getByRole('link', { name: 'Profiles' }).click()
  await expect(page.getByRole('heading', { name: 'Profiles' })).toBeVisible()
  await expectAccessible(page, 'profiles list')
  await page.getByRole('link', { name: 'New profile' }).click()
  await expectAccessible(page, 'profile form')
  await page.getByLabel('Profile name').fill('Front desk')
  await page.getByLabel('Profile type').selectOption('administrator')
  await page.getByRole('checkbox', { name: 'Select all: Users' }).click()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/profiles$/)
  await expect(page.getByText('Profile created').first()).toBeVisible()

  await searchTable(page, 'front', 'Search...')
  await page
    .getByRole('row', { name: /Front desk/ })
    .getByRole('link', { name: /Edit/ })
    .click()
  await expect(page.getByRole('checkbox', { name: 'users · delete', exact: true })).toBeChecked()
  await page.getByLabel('Profile name').fill('Front desk team')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Profile updated').first()).toBeVisible()

  await searchTable(page, 'front desk team', 'Search...')
  await page
    .getByRole('row', { name: /Front desk team/ })
    .getByRole('button', { name: /Delete/ })
    .click()
  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(page.getByText('Profile deleted').first()).toBeVisible()
  await expect(page.getByText('No data to show')).toBeVisible()
})

test('a user whose profile loses a permission loses its menu item', async ({ browser }) => {
  // Two people, each signing in (argon2 on purpose slow) and saving a few forms.
  test.setTimeout(120_000)
  const admin = await (await browser.newContext()).newPage()
  await signIn(admin, 'super@demo.localhost')
  // A profile that opens the users list, and a user who holds it.
  await admin.goto('/profiles/create')
  await admin.getByLabel('Nombre del perfil').fill('Recepción')
  await admin.getByRole('checkbox', { name: 'users · listado', exact: true }).click()
  await admin.getByRole('checkbox', { name: 'dashboard · listado', exact: true }).click()
  await admin.getByRole('button', { name: 'Guardar' }).click()
  await expect(admin.getByText('Perfil creado').first()).toBeVisible()
  await admin.goto('/users/create')
  await admin.getByLabel('Nombre', { exact: true }).fill('Rocío')
  await admin.getByLabel('Apellido paterno').fill('Tamez')
  await admin.getByLabel('Correo electrónico').fill('recepcion@demo.localhost')
  await admin.getByLabel('Perfil', { exact: true }).selectOption({ label: 'Recepción' })
  await admin.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD)
  await admin.getByLabel('Confirmar contraseña').fill(DEMO_PASSWORD)
  await admin.getByRole('button', { name: 'Guardar' }).click()
  await expect(admin.getByText('Usuario creado').first()).toBeVisible()

  const user = await (await browser.newContext()).newPage()
  await user.goto('/')
  await user.getByLabel('Usuario').fill('recepcion@demo.localhost')
  await user.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD)
  await user.getByRole('button', { name: 'Ingresar' }).click()
  // The administrator chose the password: the new user sets their own first.
  await expect(user).toHaveURL(/\/update-password$/)
  await user.getByLabel('Contraseña actual').fill(DEMO_PASSWORD)
  await user.getByLabel('Nueva contraseña').fill('Recepcion#2026')
  await user.getByLabel('Confirmar contraseña').fill('Recepcion#2026')
  await user.getByRole('button', { name: 'Cambiar contraseña' }).click()
  await user.getByRole('button', { name: 'Aceptar' }).click()
  await signIn(user, 'recepcion@demo.localhost', 'Recepcion#2026')
  await expect(sidebar(user).getByRole('link', { name: 'Usuarios' })).toBeVisible()

  await admin.goto('/profiles')
  await searchTable(admin, 'recepción')
  await admin
    .getByRole('row', { name: /Recepción/ })
    .getByRole('link', { name: /Editar/ })
    .click()
  await admin.getByRole('checkbox', { name: 'users · listado', exact: true }).click()
  await admin.getByRole('button', { name: 'Guardar' }).click()
  await expect(admin.getByText('Perfil actualizado').first()).toBeVisible()

  // The next visit to the app refreshes the user's permissions and menus.
  await user.reload()
  await expect(sidebar(user).getByRole('link', { name: 'Tablero' })).toBeVisible()
  await expect(sidebar(user).getByRole('link', { name: 'Usuarios' })).toHaveCount(0)
  await user.goto('/users')
  await expect(user.getByRole('alertdialog')).toContainText('Lo sentimos no tiene permiso para acceder')
  await user.getByRole('button', { name: 'Aceptar' }).click()
  await signOut(user)
})

test('my profile, the login and the recovery screens pass axe-core', async ({ page }) => {
  await page.goto('/')
  await expectAccessible(page, 'login')
  await page.goto('/password-recovery')
  await expectAccessible(page, 'password recovery')
  // Not tech@: the auth spec needs that account's privacy notice still pending.
  await signIn(page, 'manager@demo.localhost')
  await expectAccessible(page, 'dashboard')
  await page.goto('/profile')
  await expect(page.getByRole('heading', { name: 'Mi perfil' })).toBeVisible()
  await expectAccessible(page, 'my profile')
  await page.getByLabel('Teléfono').fill('4429876543')
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expect(page.getByText('Perfil actualizado').first()).toBeVisible()
})

async function signInEnglish(page: Page, username: string) {
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => url.pathname !== '/')
  if (new URL(page.url()).pathname === '/notice_privacy') {
    await page.getByRole('checkbox', { name: 'I have read and accept the privacy notice' }).click()
    await page.getByRole('button', { name: 'Accept and continue' }).click()
  }
  await expect(page).toHaveURL(/\/dashboard$/)
}
