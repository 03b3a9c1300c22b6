import { expect, type Page, test } from '@playwright/test'
import { expectAccessible } from './axe'
import { addDiagnosis } from './consultations'
import { goOnline, openPatients, serverGet } from './patients'
import { waitForStaffScreens } from './precache'
import { signIn } from './sign-in'

test.use({ viewport: { width: 1024, height: 768 } })

/** Fills one prescription line and adds it to the list. */
async function addMedicine(page: Page, medicine: string, presentation: string, everyHours: string) {
  await page.getByLabel('Medicamento', { exact: true }).selectOption({ label: medicine })
  await page.getByLabel('Presentación y dosis').selectOption({ label: presentation })
  await page.getByLabel('Cantidad por toma').fill('1')
  await page.getByLabel('Unidad', { exact: true }).selectOption({ label: 'Tableta' })
  await page.getByLabel('Vía de administración').selectOption({ label: 'Oral' })
  await page.getByLabel('Cada cuántas horas').fill(everyHours)
  await page.getByLabel('Por cuántos días').fill('5')
  await page.getByRole('button', { name: 'Agregar a la receta' }).click()
}

/** A real JPEG (8×8, drawn by the browser's own encoder), as a tablet's camera would hand over. */
async function aPhoto(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas')
    canvas.width = 8
    canvas.height = 8
    const context = canvas.getContext('2d') as CanvasRenderingContext2D
    context.fillStyle = '#2a7a6f'
    context.fillRect(0, 0, 8, 8)
    return canvas.toDataURL('image/jpeg', 0.8)
  })
  return Buffer.from(dataUrl.split(',')[1] as string, 'base64')
}

/**
 * Issue 19 on a 1024×768 tablet: the nurse, with no signal, records a consultation with vital
 * signs and two diagnoses, gives it a prescription of two medicines, reloads offline and finds it
 * in the patient's history; when the network comes back it reaches the server once.
 */
test('a consultation and its prescription made offline survive a reload and reach the server once', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000)
  await signIn(page, 'nurse@demo.localhost')
  await waitForStaffScreens(page)
  await openPatients(page)
  const link = page.getByRole('link', { name: /^Expediente / }).first()
  const fullName = ((await link.textContent()) ?? '').replace(/^Expediente\s*/, '').trim()
  await link.click()
  await expect(page.getByRole('heading', { level: 1, name: `Expediente de ${fullName}` })).toBeVisible()
  const patientId = new URL(page.url()).pathname.split('/').at(-1) as string

  await context.setOffline(true)
  await page.getByRole('link', { name: 'Nueva consulta' }).click()
  await expect(page).toHaveURL(new RegExp(`/medical-consultation/create/${patientId}$`))
  const form = page.getByRole('form', { name: 'Nueva consulta' })
  await expect(
    form.getByLabel('Motivo de consulta').locator('option', { hasText: 'Enfermedad general' }),
  ).toHaveCount(1)
  await form.getByLabel('Motivo de consulta').selectOption({ label: 'Enfermedad general' })
  await form.getByLabel('Peso (kg)').fill('71.4')
  await form.getByLabel('Estatura (m)').fill('1.64')
  await expect(form.getByText('26.5')).toBeVisible()
  await form.getByLabel('Temperatura (°C)').fill('42.1')
  await form.getByLabel('Presión sistólica (mmHg)').fill('118')
  await form.getByLabel('Presión diastólica (mmHg)').fill('76')
  await addDiagnosis(page, 'J00', 'J00')
  await addDiagnosis(page, 'hipertension esencial', 'I10')
  await expect(form.getByLabel('Aparato o sistema afectado').first()).not.toHaveValue('')
  await expect(form.getByLabel('Aparato o sistema afectado').last()).not.toHaveValue('')
  await form.getByLabel('Plan').fill('Paracetamol y reposo; control en una semana.')
  await form.getByRole('button', { name: 'Guardar consulta' }).click()
  // SPEC §5 edge: 42.1 °C is past the range; the summary names it and nothing is saved.
  await expect(
    form.getByRole('alert').filter({ hasText: 'Temperatura (°C): Debe estar entre 35 y 42.' }),
  ).toBeVisible()
  await form.getByLabel('Temperatura (°C)').fill('37.2')
  // The page on screen is marked: the save opens the consultation as itself on this same page.
  await page.locator('.consultation-page').evaluate((element) => element.setAttribute('data-before-save', ''))
  await form.getByRole('button', { name: 'Guardar consulta' }).click()
  await expect(page.getByText('Consulta guardada en este dispositivo').first()).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/medical-consultation/edit/${patientId}/[0-9a-f-]{36}$`))
  const encounterId = new URL(page.url()).pathname.split('/').at(-1) as string
  await expect(page.getByRole('form', { name: 'Editar consulta' })).toBeVisible()
  await expect(page.locator('.consultation-page[data-before-save]')).toHaveCount(1)
  // Beside the form, the patient's consultations list it, marked as the one on screen.
  const listed = page
    .getByRole('region', { name: 'Historial de consultas' })
    .locator('.consultation-history__item[aria-current="true"]')
  await expect(listed).toContainText('Esta consulta')
  await expect(listed.locator(`a[href$="/${encounterId}"]`)).toHaveCount(1)

  await addMedicine(page, 'Paracetamol', 'Tableta 500 mg', '8')
  await addMedicine(page, 'Paracetamol', 'Tableta 500 mg', '8')
  await expect(page.getByText('Una presentación con esta dosis ya existe.')).toBeVisible()
  await addMedicine(page, 'Ibuprofeno', 'Tableta 400 mg', '12')
  const lines = page.getByRole('list', { name: 'Medicamentos de la receta' })
  await expect(lines.getByRole('listitem')).toHaveCount(2)
  await page.getByRole('button', { name: 'Guardar receta' }).click()
  await expect(page.getByText('Receta guardada en este dispositivo').first()).toBeVisible()

  // A photo from the tablet's camera, attached offline to the recorded consultation.
  const photo = await aPhoto(page)
  await page
    .getByLabel('Tomar foto')
    .setInputFiles({ name: 'garganta.jpg', mimeType: 'image/jpeg', buffer: photo })
  await expect(page.getByText('Archivo guardado en este dispositivo').first()).toBeVisible()
  const files = page.getByRole('list', { name: 'Archivos de la consulta' })
  await expect(files.getByRole('listitem')).toHaveCount(1)
  await expect(files).toContainText('garganta.jpg')
  await expect(files).toContainText('Por enviar')
  await expectAccessible(page, 'the consultation with its prescription and its photo')

  // Offline reload: the page comes from the service worker, the consultation from IndexedDB.
  await page.reload()
  await expect(page.getByRole('form', { name: 'Editar consulta' })).toBeVisible()
  await expect(
    page.getByRole('list', { name: 'Medicamentos de la receta' }).getByRole('listitem'),
  ).toHaveCount(2)
  await expect(files.getByRole('listitem')).toHaveCount(1)
  await expect(files).toContainText('garganta.jpg')
  await expect(files).toContainText('Por enviar')
  // The prescription a pharmacy takes is built on the device: it downloads offline.
  const prescription = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Descargar receta' }).click()
  expect((await prescription).suggestedFilename()).toMatch(/^receta_\d{2}_\d{2}_\d{4}\.pdf$/)
  await page.getByRole('link', { name: fullName }).click()
  const history = page.getByRole('region', { name: 'Historial de consultas' })
  const recorded = history.locator('.consultation-history__item').filter({
    has: page.locator(`a[href$="/${encounterId}"]`),
  })
  await expect(recorded).toContainText('J00')
  await expect(recorded).toContainText('I10')
  await expect(recorded).toContainText('Primera vez · Presencial')
  await expect(recorded).toContainText('Receta de 2 medicamentos')
  await expect(recorded).toContainText('Por enviar')
  // Newest first: the one just recorded heads the history.
  await expect(
    history.locator('.consultation-history__item').first().locator(`a[href$="/${encounterId}"]`),
  ).toHaveCount(1)
  await expectAccessible(page, 'the record with its consultation history')

  await goOnline(context, page)
  await expect(recorded).not.toContainText('Por enviar', { timeout: 30_000 })
  await expect(page.getByText(/por enviar/)).toHaveCount(0)

  // The server has the consultation once, with its two diagnoses and its prescription.
  const answer = await serverGet(page, `/api/operation/patients/encounter?patient_id=${patientId}`)
  const mine = answer.data.filter((encounter: { id: string }) => encounter.id === encounterId)
  expect(mine).toHaveLength(1)
  expect(mine[0].diagnoses.map((diagnosis: { code: string }) => diagnosis.code)).toEqual([
    'J00',
    expect.stringMatching(/^I10/),
  ])
  expect(mine[0].prescription.map((line: { medicine_name: string }) => line.medicine_name)).toEqual([
    'Paracetamol',
    'Ibuprofeno',
  ])

  // And its photo, once: the feed has one file on the consultation, whose download answers
  // the very bytes taken offline.
  const attachedOnServer = async () => {
    const feed = await serverGet(page, '/api/sync/changes?limit=5000')
    return feed.data.changes.filter(
      (change: { entity: string; data: { owner_id?: string } | null }) =>
        change.entity === 'attachment' && change.data?.owner_id === encounterId,
    )
  }
  // The upload travels after its consultation: wait for it, then there must be exactly one.
  await expect.poll(async () => (await attachedOnServer()).length, { timeout: 30_000 }).toBe(1)
  const attached = await attachedOnServer()
  expect(attached[0].data.name).toBe('garganta.jpg')
  // From the page (the browser resolves the tenant's host), with the session's token.
  const download = await page.evaluate(async (url) => {
    const token = JSON.parse(localStorage.getItem('session') ?? '{}').accessToken
    const answer = await fetch(url, { headers: { authorization: `Bearer ${token}` } })
    return { status: answer.status, bytes: [...new Uint8Array(await answer.arrayBuffer())] }
  }, `/api/operation/patients/encounter/file/${attached[0].id}`)
  expect(download.status).toBe(200)
  expect(Buffer.from(download.bytes).equals(photo)).toBe(true)
})
