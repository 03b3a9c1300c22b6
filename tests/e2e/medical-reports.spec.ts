import { readFile } from 'node:fs/promises'
import { type Browser, type Download, expect, type Page, test } from '@playwright/test'
import { expectAccessible } from './axe'
import { addDiagnosis } from './consultations'
import { dayAfter, drawSignature, fillDisability } from './medical-reports'
import { goOnline, openFromRecordBanner, serverGet } from './patients'
import { waitForStaffScreens } from './precache'
import { signIn } from './sign-in'

test.use({ viewport: { width: 1024, height: 768 } })

const PHONE = { width: 390, height: 844 }
// One run's own texts: the suite's shared server may hold another run's reports of this patient.
const RUN = (Date.now() % 1_000_000).toString(36).toUpperCase()
const FOLIO = `IMSS-${RUN}`
const PLACE = `Andén de carga ${RUN}`
const RESTRICTIONS = `No cargar más de 5 kg ni subir escaleras (${RUN})`

/** How far the page is wider than the window (0 when it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const { documentElement: root, body } = document
    return Math.max(root.scrollWidth - root.clientWidth, body.scrollWidth - body.clientWidth, 0)
  })

/** A real JPEG (24×24, drawn by the browser's own encoder), as a tablet's camera would hand over. */
async function aPhoto(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas')
    canvas.width = 24
    canvas.height = 24
    const context = canvas.getContext('2d') as CanvasRenderingContext2D
    context.fillStyle = '#b5462f'
    context.fillRect(0, 0, 24, 24)
    return canvas.toDataURL('image/jpeg', 0.8)
  })
  return Buffer.from(dataUrl.split(',')[1] as string, 'base64')
}

/** Clicks "Descargar PDF" and answers the download once its file is written. */
async function downloadPdf(page: Page): Promise<{ name: string; head: string }> {
  const download: Promise<Download> = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Descargar PDF' }).click()
  const file = await download
  const path = await file.path()
  return { name: file.suggestedFilename(), head: (await readFile(path)).subarray(0, 5).toString('latin1') }
}

/** The demo's patient account on a phone of its own: its page and the patient it is linked to. */
async function patientOnPhone(browser: Browser) {
  const context = await browser.newContext({ viewport: PHONE, locale: 'es-MX' })
  const page = await context.newPage()
  await signIn(page, 'patient@demo.localhost')
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? '{}'))
  const user = session.user as { patient_id: string }
  return { context, page, patientId: user.patient_id }
}

interface ServerPatient {
  name: string
  last_name: string
  second_last_name: string | null
  curp: string | null
  nss: string | null
}

interface ServerAttachment {
  owner_kind: string
  owner_id: string
  media_type: string
  deleted_at: string | null
}

/** Every file row of the change feed the signed-in user may see, page after page. */
const attachmentsInFeed = (page: Page) =>
  page.evaluate(async () => {
    const token = JSON.parse(localStorage.getItem('session') ?? '{}').accessToken
    const found: unknown[] = []
    let cursor: string | null = null
    for (;;) {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''
      const answer = await fetch(`/api/sync/changes?limit=5000${query}`, {
        headers: { authorization: `Bearer ${token}` },
      })
      const { data } = await answer.json()
      for (const change of data.changes)
        if (change.entity === 'attachment' && change.data) found.push(change.data)
      if (!data.hasMore) return found
      cursor = data.cursor
    }
  }) as Promise<ServerAttachment[]>

/**
 * Issue 23 on a 1024×768 tablet: with no signal, a professional who sees every patient records
 * an accident on the demo patient's record — a disability with a photo and a signature drawn on
 * the tablet, the ST-7 prefilled from the patient and linked to it, a certificate "fit with
 * restrictions" — finds the three after an offline reload, downloads their PDFs built on the
 * device, and once the network is back the server holds each once; the patient then sees the
 * disability on their own 390×844 phone.
 */
test('an accident recorded offline — disability, ST-7, certificate — reaches the server once and the patient', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(180_000)
  const patient = await patientOnPhone(browser)
  await signIn(page, 'super@demo.localhost')
  await waitForStaffScreens(page)
  const record = (await serverGet(page, `/api/operation/patients/${patient.patientId}`)).data as ServerPatient
  const fullName = [record.name, record.last_name, record.second_last_name].filter(Boolean).join(' ')
  // The ST-7's worker part is checked against them: the demo patient has both.
  expect(record.curp).toMatch(/^[A-Z0-9]{18}$/)
  expect(record.nss).toMatch(/^\d{11}$/)
  const [today, end, validTo] = [await dayAfter(page, 0), await dayAfter(page, 2), await dayAfter(page, 30)]

  // The sign-in's first pull shows its time once it has also cached the catalogues (the
  // disability's modalities and statuses, CIE-10) and the tenant's settings (the ST-7's employer).
  await expect(page.locator('.sync-status')).toContainText('Sincronizado a las', { timeout: 30_000 })
  await page.goto(`/patients/record/${patient.patientId}`)
  await expect(page.getByRole('heading', { level: 1, name: `Expediente de ${fullName}` })).toBeVisible()
  await context.setOffline(true)

  // 1. The disability, with a photo and a signature drawn on the tablet.
  await openFromRecordBanner(page, 'Ver', 'Incapacidades')
  await expect(page.getByRole('heading', { level: 1, name: 'Incapacidades del paciente' })).toBeVisible()
  await page.getByRole('link', { name: 'Nueva incapacidad' }).click()
  const disabilityForm = page.getByRole('form', { name: 'Nueva incapacidad' })
  await fillDisability(disabilityForm, {
    modality: 'Riesgo de trabajo',
    folio: FOLIO,
    start: today.shown,
    end: end.shown,
    days: 3,
  })
  await page.getByLabel('Tomar foto').setInputFiles({
    name: 'tobillo.jpg',
    mimeType: 'image/jpeg',
    buffer: await aPhoto(page),
  })
  await expect(
    disabilityForm.getByRole('list', { name: 'Archivos por guardar con el reporte' }),
  ).toContainText('tobillo.jpg')
  await drawSignature(page, disabilityForm.getByRole('img', { name: 'Firma del médico (en blanco)' }))
  await expect(disabilityForm.getByRole('img', { name: 'Firma del médico (trazada)' })).toBeVisible()
  await expectAccessible(page, 'the disability form')
  await disabilityForm.getByRole('button', { name: 'Guardar incapacidad' }).click()
  await expect(page.getByText('Incapacidad guardada en este dispositivo').first()).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Incapacidad' })).toBeVisible()
  const disabilityUrl = new URL(page.url()).pathname
  const disabilityId = disabilityUrl.split('/').at(-1) as string
  await expect(page.getByRole('img', { name: 'Firma registrada' })).toBeVisible()

  // 2. The ST-7, prefilled from the patient, linking the disability.
  await page.goto(`/patients/record/${patient.patientId}`)
  await openFromRecordBanner(page, 'Nuevo registro', 'ST-7: aviso de accidente de trabajo')
  const st7 = page.getByRole('form', { name: 'Nuevo ST-7' })
  await expect(st7.getByLabel('Registro patronal')).not.toHaveValue('')
  await st7.getByRole('button', { name: 'Continuar' }).click()
  await expect(st7.getByLabel('Nombre del trabajador')).toHaveValue(fullName)
  await expect(st7.getByLabel('CURP')).toHaveValue(record.curp as string)
  await expect(st7.getByLabel('Número de seguridad social')).toHaveValue(record.nss as string)
  await st7.getByLabel('Ocupación').fill('Almacenista')
  await st7.getByLabel('Turno').fill('Matutino')
  await st7.getByRole('button', { name: 'Continuar' }).click()
  await st7.getByLabel('Tipo de accidente').selectOption({ label: 'En el centro de trabajo' })
  await st7.getByLabel('Fecha del accidente').fill(today.shown)
  await st7.getByLabel('Hora del accidente').fill('0005')
  await st7.getByLabel('Lugar del accidente').fill(PLACE)
  await st7.getByLabel('Actividad que realizaba').fill('Descargaba cajas de un camión')
  await st7.getByLabel('Cómo ocurrió').fill('Pisó el borde del andén, se torció el tobillo y cayó')
  await st7.getByLabel('Testigos').fill('Jefe de turno')
  await st7.getByRole('button', { name: 'Continuar' }).click()
  await addDiagnosis(page, 'S934', 'S934')
  await expect(st7.getByText('Diagnóstico (CIE-10)')).toBeVisible()
  await st7.getByLabel('Lesiones').fill('Edema y dolor en el maléolo externo derecho')
  await st7.getByLabel('Región anatómica').fill('Tobillo derecho')
  await st7.getByLabel('Tratamiento').fill('Inmovilización, analgésico y reposo')
  await st7
    .getByLabel('Incapacidad expedida')
    .selectOption({ label: `Del ${today.shown} al ${end.shown} · folio ${FOLIO}` })
  await expectAccessible(page, "the ST-7 form's first attention")
  await st7.getByRole('button', { name: 'Continuar' }).click()
  await st7.getByLabel('Probable accidente de trabajo').selectOption({ label: 'Sí de trabajo' })
  await expectAccessible(page, "the ST-7 form's qualification")
  await st7.getByRole('button', { name: 'Guardar ST-7' }).click()
  await expect(page.getByText('ST-7 guardado en este dispositivo').first()).toBeVisible()
  await expect(page).toHaveURL(/\/incident-report-st7\/view\//)
  await expect(page.getByText(PLACE)).toBeVisible()
  const st7Url = new URL(page.url()).pathname

  // 3. The certificate "fit with restrictions".
  await page.goto(`/patients/record/${patient.patientId}`)
  await openFromRecordBanner(page, 'Nuevo registro', 'Certificado de salud')
  const certificateForm = page.getByRole('form', { name: 'Nuevo certificado de estado de salud' })
  await certificateForm.getByLabel('Resultado').selectOption({ label: 'Apto con restricciones' })
  await certificateForm.getByLabel('Vigente hasta').fill(validTo.shown)
  await certificateForm.getByLabel('Restricciones').fill(RESTRICTIONS)
  await certificateForm.getByLabel('Dirigido a').fill('Recursos humanos')
  await expectAccessible(page, 'the certificate form')
  await certificateForm.getByRole('button', { name: 'Guardar certificado' }).click()
  await expect(page.getByText('Certificado guardado en este dispositivo').first()).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Certificado de estado de salud' })).toBeVisible()
  const certificateUrl = new URL(page.url()).pathname
  await expect(page.locator('.sync-status')).toContainText('por enviar')

  // Offline reload: the pages from the service worker, the reports and the signature from IndexedDB.
  await page.reload()
  await expect(page.getByText(RESTRICTIONS)).toBeVisible()
  const certificatePdf = await downloadPdf(page)
  expect(certificatePdf).toEqual({ name: `certificado_estado_salud_${today.stamp}.pdf`, head: '%PDF-' })

  await page.goto(`/digital-record/medical-reports/record-disabilities/detail/${patient.patientId}`)
  // The tablet's table folds the folio away: the row is the period's.
  await expect(page.getByRole('row', { name: new RegExp(`^${today.shown} ${end.shown} 3 `) })).toBeVisible()
  await page.goto(disabilityUrl)
  await expect(page.getByText(FOLIO)).toBeVisible()
  await expect(page.getByRole('img', { name: 'Firma registrada' })).toBeVisible()
  await expect(page.getByText('tobillo.jpg')).toBeVisible()
  const disabilityPdf = await downloadPdf(page)
  expect(disabilityPdf).toEqual({ name: `incapacidad_${today.stamp}.pdf`, head: '%PDF-' })

  await page.goto(`/digital-record/medical-reports/incident-report-st7/create/${patient.patientId}`)
  // Listed by the accident's day among the patient's earlier ST-7s (this one's own link).
  await page
    .getByRole('region', { name: 'ST-7 anteriores' })
    .getByRole('link', { name: today.shown })
    .and(page.locator(`[href="${st7Url}"]`))
    .click()
  await expect(page.getByText(PLACE)).toBeVisible()
  const st7Pdf = await downloadPdf(page)
  expect(st7Pdf).toEqual({ name: `st7_${today.stamp}.pdf`, head: '%PDF-' })

  // The network comes back: the outbox empties and the server holds each report once.
  await expect(page.locator('.sync-status')).toContainText('por enviar')
  await goOnline(context, page)
  await expect(page.locator('.sync-status')).not.toContainText('por enviar', { timeout: 30_000 })
  await expect(page.locator('.sync-status')).not.toContainText('requieren atención')
  const query = `patient_id=${patient.patientId}`
  const disabilities = (
    (await serverGet(page, `/api/operation/patients/patient-incapacities?${query}`)).data as Array<{
      id: string
      assigned_number: string | null
      assigned_days: number
    }>
  ).filter((row) => row.assigned_number === FOLIO)
  expect(disabilities).toEqual([expect.objectContaining({ id: disabilityId, assigned_days: 3 })])
  const reports = (
    (await serverGet(page, `/api/operation/patients/incident-reports?${query}`)).data as Array<{
      id: string
      place: string
      disability_id: string | null
      diagnosis_code: string
    }>
  ).filter((row) => row.place === PLACE)
  expect(reports).toEqual([
    expect.objectContaining({
      id: st7Url.split('/').at(-1),
      disability_id: disabilityId,
      diagnosis_code: 'S934',
    }),
  ])
  const certificates = (
    (await serverGet(page, `/api/operation/patients/certificate-health-status?${query}`)).data as Array<{
      id: string
      result: string
      restrictions: string | null
    }>
  ).filter((row) => row.restrictions === RESTRICTIONS)
  expect(certificates).toEqual([
    expect.objectContaining({ id: certificateUrl.split('/').at(-1), result: 'fit_with_restrictions' }),
  ])
  const files = (await attachmentsInFeed(page))
    .filter((file) => file.owner_id === disabilityId && !file.deleted_at)
    .map((file) => [file.owner_kind, file.media_type])
    .sort()
  expect(files).toEqual([
    ['disability', 'image/jpeg'],
    ['disability-signature', 'image/png'],
  ])

  // The patient's phone pulls their own disability and shows it read only, fitting the screen.
  const phone = patient.page
  await phone.goto('/dashboard/patient-home')
  await phone.getByRole('button', { name: 'Menú' }).click()
  await phone
    .getByRole('complementary', { name: 'Navegación' })
    .getByRole('link', { name: 'Mis incapacidades', exact: true })
    .click()
  await expect(phone).toHaveURL(/\/patient\/incapacities$/)
  await expect(phone.getByRole('heading', { level: 1, name: 'Mis incapacidades' })).toBeVisible()
  const period = phone.getByRole('article', { name: `Del ${today.shown} al ${end.shown}` })
  await expect(async () => {
    await phone.reload()
    await expect(period.filter({ hasText: FOLIO })).toBeVisible({ timeout: 3_000 })
  }).toPass({ timeout: 45_000 })
  await expect(period.filter({ hasText: FOLIO }).getByText('tobillo.jpg')).toBeVisible()
  expect(await overflow(phone)).toBe(0)
  await patient.context.close()
})
