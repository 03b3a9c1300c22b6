import { expect, type Page, test } from '@playwright/test'
import { expectAccessible } from './axe'
import { recordConsultation } from './consultations'
import { dayAfter, drawSignature, fillDisability } from './medical-reports'
import { goOnline, openFromRecordBanner, openPatients, serverGet } from './patients'
import { waitForStaffScreens } from './precache'
import { signIn } from './sign-in'

test.use({ viewport: { width: 1024, height: 768 } })

/** The top 5 diagnoses as the dashboard lists them: code and number of consultations, in order. */
async function topDiagnoses(page: Page): Promise<Array<{ code: string; consultations: number }>> {
  const ranking = page
    .getByRole('region', { name: 'Top 5 diagnósticos' })
    .getByRole('list', { name: 'Diagnósticos más frecuentes' })
  await expect(ranking.getByRole('listitem').first()).toBeVisible()
  return (await ranking.getByRole('listitem').allTextContents()).map((text) => {
    const [, code = '', consultations = '0'] = /^(\S+).*?(\d+) consultas?/.exec(text) ?? []
    return { code, consultations: Number(consultations) }
  })
}

/** Opens the dashboard from the sidebar (the app's own navigation: it works offline). */
async function openDashboard(page: Page): Promise<void> {
  await page
    .getByRole('complementary', { name: 'Navegación' })
    .getByRole('link', { name: 'Tablero', exact: true })
    .click()
  await expect(page.getByRole('heading', { name: 'Tablero', level: 1 })).toBeVisible()
}

/** The number of a dashboard figure's row (a link or not), by its name. */
async function figure(page: Page, card: string, name: string): Promise<number> {
  const row = page
    .getByRole('region', { name: card })
    .locator('.dashboard-counts__row')
    .filter({ has: page.getByText(name, { exact: true }) })
  return Number((await row.locator('strong').textContent()) ?? Number.NaN)
}

/** How far the page is wider than the window (0 when it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const { documentElement: root, body } = document
    return Math.max(root.scrollWidth - root.clientWidth, body.scrollWidth - body.clientWidth, 0)
  })

/** Whether the page fits the tablet's 1024×768 and the phone's 390×844 with no sideways scroll. */
async function expectToFitBothScreens(page: Page): Promise<void> {
  await expect.poll(() => overflow(page)).toBe(0)
  await page.setViewportSize({ width: 390, height: 844 })
  await expect.poll(() => overflow(page)).toBe(0)
  await page.setViewportSize({ width: 1024, height: 768 })
}

interface ServerDisability {
  start_date: string
  end_date: string
  assigned_number: string | null
  deleted_at?: string | null
}

/**
 * A patient of the doctor's list with no disability on `day` (the server's, which the device
 * caches): one more there adds exactly its days to the lost days. Answers the record's path.
 */
async function patientFreeOn(page: Page, day: string): Promise<string> {
  const records = await page
    .getByRole('link', { name: /^Expediente / })
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') as string))
  for (const record of records) {
    const id = record.split('/').at(-1) as string
    const { data } = await serverGet(page, `/api/operation/patients/patient-incapacities?patient_id=${id}`)
    if (!(data as ServerDisability[]).some((row) => row.start_date <= day && row.end_date >= day))
      return record
  }
  throw new Error(`every patient listed has a disability on ${day}`)
}

/**
 * Issue 24 on a 1024×768 tablet: the doctor's dashboard is worked out on the device over the
 * patients in her care. With no signal she records a consultation and a disability through their
 * forms, and the top 5 diagnoses and the lost days count them at once, after an offline reload
 * too; their numbers open the lists behind them, which agree. Back online both reach the server,
 * whose figures for her are the device's.
 */
test('the dashboard’s top 5 diagnoses and lost days change after a consultation and a disability are recorded offline', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000)
  const run = (Date.now() % 1_000_000).toString(36).toUpperCase()
  const folio = `IMSS-D${run}`
  await signIn(page, 'doctor@demo.localhost')
  await waitForStaffScreens(page)
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(
    page.getByText('Estas cifras son de los pacientes a tu cargo, calculadas en este dispositivo.'),
  ).toBeVisible()
  // The sign-in's first pull has cached the catalogues (CIE-10, the disability's modalities) too.
  await expect(page.locator('.sync-status')).toContainText('Sincronizado a las', { timeout: 30_000 })
  const before = await topDiagnoses(page)
  const [top] = before
  if (!top) throw new Error('the demo doctor has no consultation this month')
  const lostBefore = await figure(page, 'Días perdidos', 'Días perdidos por incapacidad')
  await expectAccessible(page, 'the dashboard')

  const today = await dayAfter(page, 0)
  await openPatients(page)
  const record = await patientFreeOn(page, today.iso)
  await page.locator(`a[href="${record}"]`).first().click()
  const patientId = record.split('/').at(-1) as string

  await context.setOffline(true)
  await recordConsultation(page, patientId, top.code)

  // The disability, one day (today) on the same patient, through the record's "Ver" menu.
  await page.goto(record)
  await openFromRecordBanner(page, 'Ver', 'Incapacidades')
  await page.getByRole('link', { name: 'Nueva incapacidad' }).click()
  const disabilityForm = page.getByRole('form', { name: 'Nueva incapacidad' })
  await fillDisability(disabilityForm, {
    modality: 'Riesgo de trabajo',
    folio,
    start: today.shown,
    end: today.shown,
    days: 1,
  })
  await drawSignature(page, disabilityForm.getByRole('img', { name: 'Firma del médico (en blanco)' }))
  await disabilityForm.getByRole('button', { name: 'Guardar incapacidad' }).click()
  await expect(page.getByText('Incapacidad guardada en este dispositivo').first()).toBeVisible()

  // Still offline: the dashboard counts the consultation under its diagnosis and the day lost.
  await openDashboard(page)
  const counted = async () => ({
    consultations: (await topDiagnoses(page)).find((row) => row.code === top.code)?.consultations,
    lost: await figure(page, 'Días perdidos', 'Días perdidos por incapacidad'),
  })
  const expected = { consultations: top.consultations + 1, lost: lostBefore + 1 }
  await expect.poll(counted).toEqual(expected)
  // And after a reload with no network, from the device's cache alone.
  await page.reload()
  await expect.poll(counted).toEqual(expected)
  await expectAccessible(page, 'the dashboard offline')
  await expectToFitBothScreens(page)

  // The lost days open the disabilities' index over the same period, which counts as many.
  await page
    .getByRole('region', { name: 'Días perdidos' })
    .getByRole('link', { name: /^Días perdidos por incapacidad/ })
    .click()
  await expect(page).toHaveURL(/\/record-disabilities\?from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}$/)
  await expect(page.getByRole('list', { name: 'Resumen' })).toContainText(`Días perdidos ${expected.lost}`)
  await expectToFitBothScreens(page)
  await page.goBack()

  // The diagnosis opens the affected systems' index narrowed to it, with the period's consultations.
  await page
    .getByRole('region', { name: 'Top 5 diagnósticos' })
    .getByRole('link', { name: new RegExp(`^${top.code} `) })
    .click()
  await expect(page).toHaveURL(new RegExp(`/digital-record/affected-systems\\?.*diagnosis=${top.code}`))
  await expect(page.getByLabel('Diagnóstico', { exact: true })).toHaveValue(top.code)
  const systems = page.getByRole('list', { name: 'Aparatos y sistemas en el periodo' })
  await expect(systems).toContainText(new RegExp(`(^|\\D)${expected.consultations} consultas`))
  await expectToFitBothScreens(page)

  // A bucket's number opens the periodic exams' list filtered by it.
  await openDashboard(page)
  const exams = page.getByRole('region', { name: 'Exámenes periódicos' })
  const expired = exams.getByRole('link', { name: /^Vencidos/ })
  const count = Number(((await expired.textContent()) ?? '').replace(/\D/g, ''))
  await expired.click()
  await expect(page).toHaveURL(/\/digital-record\/periodic-exams\?state=expired$/)
  // Exact: until the list's screen has replaced the dashboard, the dashboard's "Pacientes por
  // estado del examen periódico" also answers to "Estado".
  await expect(page.getByLabel('Estado', { exact: true })).toHaveValue('expired')
  if (count > 0) await expect(page.getByText(new RegExp(`de ${count} registros`))).toBeVisible()

  // Back online, both reach the server once, and its figures for her are the device's.
  await goOnline(context, page)
  await expect(page.locator('.sync-status')).not.toContainText('por enviar', { timeout: 30_000 })
  await expect(page.locator('.sync-status')).not.toContainText('requieren atención')
  const held = (
    (await serverGet(page, `/api/operation/patients/patient-incapacities?patient_id=${patientId}`))
      .data as ServerDisability[]
  ).filter((row) => row.assigned_number === folio)
  expect(held).toEqual([expect.objectContaining({ start_date: today.iso, end_date: today.iso })])
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)
  const query = `from=${today.iso.slice(0, 8)}01&to=${today.iso}&time_zone=${encodeURIComponent(zone)}`
  const lost = (await serverGet(page, `/api/dashboard/closed-days-data?${query}`)).data as {
    total_days: number
  }
  expect(lost.total_days).toBe(expected.lost)
  const diagnoses = (await serverGet(page, `/api/dashboard/diagnostics?${query}`)).data as Array<{
    code: string
    consultations: number
  }>
  expect(diagnoses.find((row) => row.code === top.code)?.consultations).toBe(expected.consultations)
})

/**
 * An administrator (all-assignments) sees the whole tenant's figures from the server's calls; with
 * no network the dashboard says why it has none to show.
 */
test('an administrator’s dashboard comes from the server, and says so offline', async ({ page, context }) => {
  test.setTimeout(90_000)
  await signIn(page, 'admin@demo.localhost')
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByText('Estas cifras son de todos los pacientes de la organización.')).toBeVisible()
  const exams = page.getByRole('region', { name: 'Exámenes periódicos' })
  await expect(exams.getByText('Aplicados')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Tareas de hoy' })).toHaveCount(0)
  await expectAccessible(page, 'the administrator’s dashboard')
  await context.setOffline(true)
  await page.evaluate(() => window.dispatchEvent(new Event('offline')))
  await expect(
    page.getByText(/Sin conexión: las cifras de toda la organización vienen del servidor/),
  ).toBeVisible()
  await goOnline(context, page)
})
