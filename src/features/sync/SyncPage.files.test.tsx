import { act, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { fileOwner } from '../../contract/endpoints/attachments'
import { DOCUMENT_LIMITS } from '../../contract/rules/files'
import { setCurrentEngine } from '../../sync/current-engine'
import type { SyncEngine } from '../../sync/engine'
import { attachFiles, fileTables, prepareFile } from '../../sync/file-mutators'
import { createPatient } from '../../sync/mutators'
import { markRejected } from '../../sync/outbox'
import { createRecordSection } from '../../sync/record-section-mutators'
import { aDevice, aPatient } from '../../sync/test-fixtures'
import { reportUploadProgress } from '../../sync/upload-progress'
import { renderWithI18n } from '../../test/render'
import { SyncPage } from './SyncPage'

const owner = fileOwner({
  kind: 'record-section',
  service: 'operation',
  base: '/patients/record-entries',
  limits: DOCUMENT_LIMITS,
  write: 'patients-edit',
  read: 'patients-index',
})

const JPEG = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4])])
const PDF = new Blob([new TextEncoder().encode('%PDF-1.7\n')])

/**
 * Two files of Rosa Elena's record waiting on the device: a photo on its way (half of it sent)
 * and a scan the server refused for its size, with the server's reason.
 */
async function twoFilesWaiting() {
  const { db, ctx } = aDevice()
  const patient = await createPatient(
    db,
    ctx,
    aPatient({ name: 'Rosa Elena', last_name: 'Quintero', second_last_name: null }),
  )
  const entry = await createRecordSection(db, ctx, 'allergies-tolerances', {
    patient_id: patient.id,
    description: 'Penicilina',
  })
  const files = [
    await prepareFile(JPEG, 'Foto de la lesión.jpg', DOCUMENT_LIMITS),
    await prepareFile(PDF, 'Estudio escaneado.pdf', DOCUMENT_LIMITS),
  ]
  await db.transaction('rw', fileTables(db), () =>
    attachFiles(db, ctx, { owner, ownerId: entry.id, patientId: patient.id }, files),
  )
  // The patient and the entry have reached the server: only the files wait.
  await db.outbox.filter((queued) => queued.entity !== 'attachment').delete()
  const [photo, scan] = await db.outbox.orderBy('seq').toArray()
  await db.outbox.update(photo?.seq as number, { status: 'sending' })
  reportUploadProgress(photo?.mutationId as string, { loaded: 512, total: 1024 })
  await markRejected(db, scan as NonNullable<typeof scan>, 'Los datos enviados no son válidos.', {
    file: ['El PDF debe pesar menos de 5 MB.'],
  })
  setCurrentEngine({ db, loop: { kick() {} } } as unknown as SyncEngine)
  return { photo, scan }
}

describe('files on the sync screen', () => {
  afterEach(() => setCurrentEngine(null))

  it('shows an upload’s progress and a refused file with its reason, offering retry and discard', async () => {
    const { photo } = await twoFilesWaiting()
    await renderWithI18n(<SyncPage />)
    const sending = (
      await screen.findByText('Foto de la lesión.jpg en el expediente de Rosa Elena Quintero')
    ).closest('li') as HTMLElement
    expect(within(sending).getByText('Archivo adjunto')).toBeTruthy()
    expect(within(sending).getByText('Enviando')).toBeTruthy()
    const bar = within(sending).getByRole('progressbar', { name: 'Subiendo el archivo' })
    expect(bar.getAttribute('value')).toBe('512')
    expect(bar.getAttribute('max')).toBe('1024')
    expect(within(sending).getByText('50 %')).toBeTruthy()

    const refused = screen
      .getByText('Estudio escaneado.pdf en el expediente de Rosa Elena Quintero')
      .closest('li') as HTMLElement
    expect(within(refused).getByText('Rechazado')).toBeTruthy()
    expect(
      within(refused).getByText('El servidor rechazó el archivo: El PDF debe pesar menos de 5 MB.'),
    ).toBeTruthy()
    expect(within(refused).getByRole('button', { name: 'Reintentar' })).toBeTruthy()
    expect(within(refused).getByRole('button', { name: 'Descartar' })).toBeTruthy()
    // Nothing in the entry mends a file of the wrong size: no correction is offered.
    expect(within(refused).queryByRole('button', { name: 'Corregir' })).toBeNull()

    // The upload ends: its bar goes.
    act(() => reportUploadProgress(photo?.mutationId as string, null))
    expect(within(sending).queryByRole('progressbar')).toBeNull()
  })

  it('says the same in English', async () => {
    const { photo } = await twoFilesWaiting()
    await renderWithI18n(<SyncPage />, 'en')
    expect(await screen.findByText('Foto de la lesión.jpg in the record of Rosa Elena Quintero')).toBeTruthy()
    expect(screen.getAllByText('File attachment')).toHaveLength(2)
    expect(screen.getByRole('progressbar', { name: 'Uploading the file' })).toBeTruthy()
    expect(screen.getByText('The server refused the file: El PDF debe pesar menos de 5 MB.')).toBeTruthy()
    act(() => reportUploadProgress(photo?.mutationId as string, null))
  })
})
