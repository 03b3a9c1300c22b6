import { type Browser, expect, type Page, test } from '@playwright/test'
import * as XLSX from 'xlsx'
import { expectAccessible } from './axe'
import { goOnline, serverGet } from './patients'
import { waitForStaffScreens } from './precache'
import { signIn } from './sign-in'

test.use({ viewport: { width: 1024, height: 768 } })

const PHONE = { width: 390, height: 844 }
const FOLIO = 'F-E2E-0917'

/** How far the page is wider than the window (0 when it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const { documentElement: root, body } = document
    return Math.max(root.scrollWidth - root.clientWidth, body.scrollWidth - body.clientWidth, 0)
  })

/** YYYY/MM/DD and DD_MM_YYYY of the browser's today. */
const today = (page: Page) =>
  page.evaluate(() => {
    const now = new Date()
    const two = (n: number) => String(n).padStart(2, '0')
    const [y, m, d] = [now.getFullYear(), two(now.getMonth() + 1), two(now.getDate())]
    return { shown: `${y}/${m}/${d}`, stamp: `${d}_${m}_${y}` }
  })

/** The demo's patient account on a phone of its own: its page and the patient it is linked to. */
async function patientOnPhone(browser: Browser) {
  const context = await browser.newContext({ viewport: PHONE, locale: 'es-MX' })
  const page = await context.newPage()
  await signIn(page, 'patient@demo.localhost')
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? '{}'))
  const user = session.user as { patient_id: string; name: string; last_name: string }
  return { context, page, patientId: user.patient_id, name: `${user.name} ${user.last_name}` }
}

/** The next due date of the patient's row in the server's `GET /vaccination/download` (YYYY/MM/DD). */
async function serverNextDueDate(page: Page, payroll: string): Promise<string | null> {
  const bytes = await page.evaluate(async (search) => {
    const token = JSON.parse(localStorage.getItem('session') ?? '{}').accessToken
    const answer = await fetch(`/api/vaccination/vaccination/download?search=${encodeURIComponent(search)}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    return [...new Uint8Array(await answer.arrayBuffer())]
  }, payroll)
  const book = XLSX.read(new Uint8Array(bytes), { type: 'array' })
  const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0] ?? ''] as XLSX.WorkSheet, {
    header: 1,
  })
  const header = rows[0] as string[]
  const row = rows.find((cells) => cells[0] === payroll)
  return (row?.[header.indexOf('Fecha de la siguiente dosis')] as string | undefined) ?? null
}

/**
 * Issue 21's views on a 1024×768 tablet: with no signal, a professional who sees every patient
 * opens /vaccinations from the menu, finds the demo patient with the next due date the server's
 * spreadsheet gives, downloads the index's spreadsheet and the card's PDF built on the device,
 * registers a dose, reloads offline and finds it; once synced, the patient sees the dose on their
 * own card on a 390×844 phone.
 */
test('the index and the card work offline, and the patient then sees the dose on their phone', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(240_000)
  const patient = await patientOnPhone(browser)
  await signIn(page, 'super@demo.localhost')
  await waitForStaffScreens(page)
  const shown = await patientShownOnServer(page, patient.patientId)
  const expectedDue = await serverNextDueDate(page, shown.payroll)
  const { shown: todayShown, stamp } = await today(page)

  await context.setOffline(true)
  await page
    .getByRole('complementary', { name: 'Navegación' })
    .getByRole('link', { name: 'Vacunación', exact: true })
    .click()
  await expect(page).toHaveURL(/\/vaccinations$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Vacunación' })).toBeVisible()
  await page.getByPlaceholder('Buscar...').fill(shown.payroll)
  const table = page.getByRole('table', { name: 'Vacunación' })
  const row = table.getByRole('row', { name: new RegExp(shown.name) })
  await expect(row).toBeVisible()
  expect(expectedDue).toMatch(/^\d{4}\/\d{2}\/\d{2}$/)
  await expect(row).toContainText(expectedDue as string)
  await expect(row.locator('.vaccination-status')).toHaveText(/^(Completo|Incompleto)$/)
  await expectAccessible(page, 'the vaccination index')

  const sheet = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Descargar' }).click()
  expect((await sheet).suggestedFilename()).toBe(`vacunacion_${stamp}.xlsx`)

  await row.getByRole('link', { name: shown.name }).click()
  await expect(page).toHaveURL(new RegExp(`/vaccinations/card/${patient.patientId}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Cartilla de vacunación' })).toBeVisible()
  const pdf = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Descargar PDF' }).click()
  expect((await pdf).suggestedFilename()).toBe(`cartilla_vacunacion_${stamp}.pdf`)
  await expectAccessible(page, 'the vaccination card')

  // A first hepatitis B dose: outside this patient's scheme, so no early-dose question.
  await page.getByRole('link', { name: 'Registrar dosis' }).first().click()
  const form = page.getByRole('form', { name: 'Registrar dosis' })
  await form.getByLabel('Vacuna', { exact: true }).selectOption({ label: 'Hepatitis B' })
  await form.getByLabel('Fecha de aplicación').fill(todayShown)
  await form.getByLabel('Folio').fill(FOLIO)
  await form.getByLabel('Lote').fill('HB-2291')
  await form.getByRole('button', { name: 'Guardar dosis' }).click()
  await expect(page.getByText('Dosis guardada en este dispositivo').first()).toBeVisible()
  await page.goto(`/vaccinations/card/${patient.patientId}`)
  await expect(page.getByText(FOLIO)).toBeVisible()

  // Offline reload: the page from the service worker, the card and the index from IndexedDB.
  await page.reload()
  await expect(page.getByText(FOLIO)).toBeVisible()
  await page.goto('/vaccinations')
  await page.getByPlaceholder('Buscar...').fill(shown.payroll)
  await expect(table.getByRole('row', { name: new RegExp(shown.name) })).toContainText(expectedDue as string)

  await goOnline(context, page)
  const onServer = async () =>
    (
      (await serverGet(page, `/api/operation/patients/vaccination-records?patient_id=${patient.patientId}`))
        .data as Array<{ folio: string | null }>
    ).filter((record) => record.folio === FOLIO).length
  await expect.poll(onServer, { timeout: 30_000 }).toBe(1)

  // The patient's phone pulls their own record and shows it on their card, read only.
  const phone = patient.page
  await phone.goto('/dashboard/patient-home')
  await phone.getByRole('button', { name: 'Menú' }).click()
  await phone
    .getByRole('complementary', { name: 'Navegación' })
    .getByRole('link', { name: 'Mi cartilla de vacunación', exact: true })
    .click()
  await expect(phone).toHaveURL(/\/patient\/vaccination-record$/)
  await expect(phone.getByRole('heading', { level: 1, name: 'Mi cartilla de vacunación' })).toBeVisible()
  await expect(async () => {
    await phone.reload()
    await expect(phone.getByText(FOLIO)).toBeVisible({ timeout: 3_000 })
  }).toPass({ timeout: 45_000 })
  // The patient's device holds the vaccines and the scheme: every dose is named, the due dates known.
  await expect(phone.getByText('Vacuna desconocida')).toHaveCount(0)
  await expect(phone.getByText(/Hepatitis B · Dosis 1/)).toBeVisible()
  await expect(phone.getByRole('link', { name: /Registrar dosis|Volver al expediente/ })).toHaveCount(0)
  expect(await overflow(phone)).toBe(0)
  await expectAccessible(phone, "the patient's vaccination card")
  const own = phone.waitForEvent('download')
  await phone.getByRole('button', { name: 'Descargar PDF' }).click()
  expect((await own).suggestedFilename()).toBe(`cartilla_vacunacion_${stamp}.pdf`)
  await patient.context.close()
})

/** The patient's name and payroll number as the lists show them, from the server. */
async function patientShownOnServer(page: Page, id: string): Promise<{ name: string; payroll: string }> {
  const answer = await serverGet(page, `/api/operation/patients/${id}`)
  const row = answer.data as {
    name: string
    last_name: string
    second_last_name: string | null
    payroll_number: string
  }
  return {
    name: [row.name, row.last_name, row.second_last_name].filter(Boolean).join(' '),
    payroll: row.payroll_number,
  }
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE })

  test('the vaccination index and a card fit a 390×844 phone', async ({ page }) => {
    await signIn(page, 'super@demo.localhost')
    await page.goto('/vaccinations')
    const first = page.getByRole('table', { name: 'Vacunación' }).getByRole('link').first()
    await expect(first).toBeVisible()
    expect(await overflow(page)).toBe(0)
    await first.click()
    await expect(page.getByRole('heading', { level: 1, name: 'Cartilla de vacunación' })).toBeVisible()
    expect(await overflow(page)).toBe(0)
  })
})
