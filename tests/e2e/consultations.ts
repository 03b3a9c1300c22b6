import type { Page } from '@playwright/test'

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
