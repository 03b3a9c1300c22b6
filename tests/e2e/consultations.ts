import { expect, type Page } from '@playwright/test'

/**
 * Picks the first diagnosis the device's CIE-10 finds for a search whose code starts so (the
 * consultation e2e and the bench of its save on screen).
 */
export async function addDiagnosis(page: Page, search: string, code: string): Promise<void> {
  await page.getByLabel('Buscar diagnóstico (CIE-10)').fill(search)
  await page
    .getByRole('list', { name: 'Diagnósticos encontrados' })
    .getByRole('button', { name: new RegExp(`^${code}`) })
    .first()
    .click()
}

/**
 * From a patient's record, records a general-illness consultation with one diagnosis through the
 * form (online or not) and waits for it to be saved on the device.
 */
export async function recordConsultation(page: Page, patientId: string, code: string): Promise<void> {
  await page.getByRole('link', { name: 'Nueva consulta' }).click()
  await expect(page).toHaveURL(new RegExp(`/medical-consultation/create/${patientId}$`))
  const form = page.getByRole('form', { name: 'Nueva consulta' })
  await expect(
    form.getByLabel('Motivo de consulta').locator('option', { hasText: 'Enfermedad general' }),
  ).toHaveCount(1)
  await form.getByLabel('Motivo de consulta').selectOption({ label: 'Enfermedad general' })
  await addDiagnosis(page, code, code)
  await expect(form.getByLabel('Aparato o sistema afectado').first()).not.toHaveValue('')
  await form.getByRole('button', { name: 'Guardar consulta' }).click()
  await expect(page.getByText('Consulta guardada en este dispositivo').first()).toBeVisible()
}
