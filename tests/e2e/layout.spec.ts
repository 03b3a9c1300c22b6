import { type Browser, expect, type Page, test } from '@playwright/test'
import { openUserMenu, signIn } from './sign-in'
import { untranslatedIds } from './untranslated'

/**
 * Issue 17, "a layout a nurse can work with": no screen reachable from the menus scrolls
 * sideways on a 1024×768 tablet nor on a 390×844 phone, for every demo role. The menu links
 * are read from the sidebar itself, so a screen added later is checked without touching this.
 * Each screen is also checked for a message shown as its id (a message missing from the loaded
 * catalogues: the public pages' and the signed-in screens' are apart), in Spanish and in English.
 */
const SIZES = [
  { name: 'tablet', width: 1024, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const

const TENANT_ROLES = [
  'admin@demo.localhost',
  'doctor@demo.localhost',
  'nurse@demo.localhost',
  'staff@demo.localhost',
  'manager@demo.localhost',
  'tech@demo.localhost',
  'super@demo.localhost',
  'patient@demo.localhost',
]

/** The links of the sidebar and the header (profile, sync), each path once. */
async function menuPaths(page: Page): Promise<string[]> {
  await expect(page.locator('.sidebar a').first()).toBeAttached()
  const hrefs = await page
    .locator('.sidebar a[href], .app__header a[href]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname))
  return [...new Set(hrefs)]
}

/** Waits for the screen to be drawn with its data: its title, and no table or form still loading. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('main h1').first()).toBeVisible()
  await expect(page.locator('main [data-loading="true"], main [aria-busy="true"]')).toHaveCount(0, {
    timeout: 20_000,
  })
}

/** How far the page is wider than the window (0 when it fits), on the root and on the body. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const { documentElement: root, body } = document
    return Math.max(root.scrollWidth - root.clientWidth, body.scrollWidth - body.clientWidth, 0)
  })

/**
 * Visits each menu screen through the app's own links (no reload) and measures it; then the
 * screens one step away that the issue named: the profile (from the user menu) and the new
 * patient's form (from the patients list).
 */
async function checkEveryScreen(page: Page, size: (typeof SIZES)[number]): Promise<string[]> {
  const failures: string[] = []
  const measure = async (path: string) => {
    await page.waitForURL((url) => url.pathname === path)
    await settled(page)
    const extra = await overflow(page)
    if (extra > 0) failures.push(`${path} at ${size.name} is ${extra}px too wide`)
    const ids = await untranslatedIds(page)
    if (ids.length > 0) failures.push(`${path} shows message ids: ${ids.join(', ')}`)
  }
  const paths = await menuPaths(page)
  for (const path of paths) {
    // A click on the menu's own link navigates inside the app, like a person would.
    await page.evaluate((to) => {
      const link = [...document.querySelectorAll<HTMLAnchorElement>('a[href]')].find(
        (a) => new URL(a.href).pathname === to,
      )
      link?.click()
    }, path)
    await measure(path)
    if (path === '/patients' && (await newPatient(page).count()) > 0) {
      await newPatient(page).click()
      await measure('/patients/create')
    }
  }
  await openUserMenu(page)
  const profile = page.getByRole('menuitem', { name: 'Mi perfil' })
  if ((await profile.count()) > 0) {
    await profile.click()
    await measure('/profile')
  } else await page.keyboard.press('Escape')
  return failures
}

const newPatient = (page: Page) => page.getByRole('button', { name: 'Nuevo paciente' })

/** After a reload (a cold start with a session), the signed-in messages come from the entry, before the screen. */
async function checkReload(page: Page, size: (typeof SIZES)[number]): Promise<string[]> {
  await page.reload()
  await settled(page)
  const ids = await untranslatedIds(page)
  return ids.length > 0
    ? [`${page.url()} at ${size.name} after a reload shows message ids: ${ids.join(', ')}`]
    : []
}

/**
 * One sign-in per role (each sign-in is an initial sync of the demo tenant, the costly part):
 * every menu screen at each size, the window resized and the app reloaded so each size starts
 * as a cold start drawn at that size; then, for the roles given, in English at the tablet's size.
 */
async function checkRole(
  browser: Browser,
  username: string,
  { baseURL, english = false }: { baseURL?: string; english?: boolean } = {},
): Promise<string[]> {
  const [first] = SIZES
  const context = await browser.newContext({
    ...(baseURL ? { baseURL } : {}),
    locale: 'es-MX',
    viewport: { width: first.width, height: first.height },
  })
  const page = await context.newPage()
  await signIn(page, username)
  const failures: string[] = []
  for (const size of SIZES) {
    if (size !== first) {
      await page.setViewportSize({ width: size.width, height: size.height })
      await page.reload()
    }
    failures.push(...(await checkEveryScreen(page, size)), ...(await checkReload(page, size)))
  }
  if (english) {
    await page.setViewportSize({ width: first.width, height: first.height })
    await page.reload()
    await settled(page)
    await openUserMenu(page)
    await page.getByRole('menuitemradio', { name: 'English' }).click()
    await page.keyboard.press('Escape')
    failures.push(...(await checkEveryScreen(page, first)), ...(await checkReload(page, first)))
  }
  await context.close()
  return failures.map((failure) => `${username}: ${failure}`)
}

// The English screens are checked for two roles: the staff's menus and the patient's portal.
const IN_ENGLISH = new Set(['admin@demo.localhost', 'patient@demo.localhost'])

for (const username of TENANT_ROLES) {
  const english = IN_ENGLISH.has(username)
  const title = `no menu screen of ${username} scrolls sideways on a tablet nor on a phone${english ? ', and each is in English once English is chosen' : ''}`
  test(title, async ({ browser }) => {
    // Two minutes per pass (size or language): the machine is shared.
    test.setTimeout(english ? 360_000 : 240_000)
    expect(await checkRole(browser, username, { english })).toEqual([])
  })
}

test('no menu screen of the provider scrolls sideways on a tablet nor on a phone', async ({ browser }) => {
  test.setTimeout(240_000)
  const port = new URL(test.info().project.use.baseURL ?? '').port
  expect(
    await checkRole(browser, 'root@admin.localhost', { baseURL: `http://admin.localhost:${port}` }),
  ).toEqual([])
})

test('a patient’s record opens with its banner: who, the warnings and the actions', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'es-MX', viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  await signIn(page, 'nurse@demo.localhost')
  await page.getByRole('button', { name: 'Menú', exact: true }).click()
  await page
    .getByRole('complementary', { name: 'Navegación' })
    .getByRole('link', { name: 'Pacientes', exact: true })
    .click()
  await expect(page.getByText(/Mostrando 1 a \d+ de \d+ registros/)).toBeVisible()
  const first = page.locator('.data-table tbody tr').first()
  const name = ((await first.getByRole('link').first().textContent()) ?? '').trim()
  await first.getByRole('link', { name: /Expediente/ }).click()
  const banner = page.locator('.record-banner')
  await expect(banner.getByRole('heading', { level: 1, name: `Expediente de ${name}` })).toBeVisible()
  for (const fact of ['Edad', 'Sexo', 'CURP', 'Número de nómina', 'Tipo de sangre', 'Profesional asignado']) {
    await expect(banner.getByRole('term').filter({ hasText: fact })).toBeVisible()
  }
  await expect(banner.getByText('Alergias:')).toBeVisible()
  await expect(banner.getByText('Alertas:')).toBeVisible()
  await expect(banner.getByRole('link', { name: 'Editar datos' })).toBeVisible()
  // A few touch-sized actions; the modules' links are grouped in menus ("Ver" holds the readings).
  const heights = await banner
    .locator('.record-banner__actions > *')
    .evaluateAll((actions) => actions.map((action) => action.getBoundingClientRect().height))
  expect(heights.length).toBeLessThanOrEqual(6)
  for (const height of heights) expect(height).toBeGreaterThanOrEqual(44)
  await banner.getByRole('button', { name: 'Ver', exact: true }).click()
  const readings = page.getByRole('menuitem', { name: 'Lecturas de autocontrol' })
  expect((await readings.boundingBox())?.height).toBeGreaterThanOrEqual(44)
  expect(await overflow(page)).toBe(0)
  await context.close()
})

test('the header is one row; the tablet’s sidebar folds away and stays so after a reload', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'es-MX', viewport: { width: 1024, height: 768 } })
  const page = await context.newPage()
  await signIn(page, 'doctor@demo.localhost')
  const header = page.locator('.app__header')
  expect((await header.boundingBox())?.height).toBeLessThanOrEqual(64)
  const sidebar = page.getByRole('complementary', { name: 'Navegación' })
  await expect(sidebar).toBeVisible()
  await page.getByRole('button', { name: 'Menú', exact: true }).click()
  await expect(sidebar).toBeHidden()
  await page.reload()
  await expect(page.locator('main h1').first()).toBeVisible()
  await expect(sidebar).toBeHidden()
  await page.setViewportSize({ width: 390, height: 844 })
  expect((await header.boundingBox())?.height).toBeLessThanOrEqual(64)
  await context.close()
})
