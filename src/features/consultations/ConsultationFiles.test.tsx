import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { attachToEncounter, createEncounter } from '../../sync/encounter-mutators'
import { prepareFile } from '../../sync/file-mutators'
import { aDevice, aSyncedPatient, pendingEntries } from '../../sync/test-fixtures'
import { withCloneableBlobs } from '../../test/node-blob'
import { aConsultation, holdConsultationCatalogues } from './test-data'
import { fill, renderConsultationPage, signInDoctor, signOutDoctor } from './test-page'

configure({ asyncUtilTimeout: 5_000 })

// Only the signatures matter to the device's check (the type is read from the bytes).
const jpegBytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1])
const pdfBytes = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')
const aPhoto = (name = 'foto.jpg') => new File([jpegBytes], name, { type: 'image/jpeg' })
const aPdf = (name = 'laboratorio.pdf') => new File([pdfBytes], name, { type: 'application/pdf' })

const pick = (label: string, ...files: File[]) =>
  fireEvent.change(screen.getByLabelText(label), { target: { files } })

// The device's database keeps the files' bytes: Blobs that survive IndexedDB's clone.
withCloneableBlobs()

describe('a consultation’s attachments', { timeout: 20_000 }, () => {
  beforeEach(() =>
    signInDoctor(['medical-consultation-create', 'medical-consultation-edit', 'consultation.view']),
  )
  afterEach(() => {
    signOutDoctor()
    // Globals stay stubbed: each test stubs fetch afresh, and the Blobs must stay Node's.
    vi.restoreAllMocks()
  })

  it('refuses a file of another type with its reason, in Spanish and in English, and keeps nothing', async () => {
    const { db, ctx } = aDevice()
    const patient = await aSyncedPatient(db, ctx)
    await holdConsultationCatalogues(db)
    const encounter = await createEncounter(db, ctx, aConsultation(patient.id))
    const { view } = await renderConsultationPage(db, patient.id, encounter.id)
    await screen.findByText('Esta consulta no tiene archivos.')
    pick('Elegir archivos', new File(['GIF89a…'], 'radiografia.gif', { type: 'image/gif' }))
    expect(
      await screen.findByText(
        'radiografia.gif: Elige un archivo PDF, o una imagen con extensión .png o .jpg',
      ),
    ).toBeTruthy()
    expect(await db.files.count()).toBe(0)
    expect((await pendingEntries(db)).map((entry) => entry.kind)).toEqual(['encounter.create'])

    view.unmount()
    await renderConsultationPage(db, patient.id, encounter.id, 'en')
    await screen.findByText('This consultation has no files.')
    pick('Choose files', new File(['not a photo'], 'notes.txt', { type: 'text/plain' }))
    expect(
      await screen.findByText('notes.txt: Choose a PDF file, or an image with .png or .jpg extension'),
    ).toBeTruthy()
    expect(await db.files.count()).toBe(0)
  })

  it('keeps two files picked for a new consultation and saves them with it, then lists them as waiting to be sent', async () => {
    const { db, ctx } = aDevice()
    const patient = await aSyncedPatient(db, ctx)
    await holdConsultationCatalogues(db)
    const { saved, view } = await renderConsultationPage(db, patient.id)
    fill(
      'Motivo de consulta',
      (await screen.findByRole('option', { name: 'Enfermedad general' })).getAttribute('value') ?? '',
    )
    fill('Buscar diagnóstico (CIE-10)', 'J00')
    const matches = await screen.findByRole('list', { name: 'Diagnósticos encontrados' })
    fireEvent.click(await within(matches).findByRole('button', { name: /^J00 / }))
    pick('Elegir archivos', aPdf(), aPhoto('garganta.jpg'))
    pick('Tomar foto', aPhoto('IMG_0001.jpg'))
    const picked = await screen.findByRole('list', { name: 'Archivos por guardar con la consulta' })
    await waitFor(() => expect(within(picked).getAllByRole('listitem')).toHaveLength(3))
    // Nothing is kept before the consultation is saved; a pick can still be dropped.
    expect(await db.files.count()).toBe(0)
    const photo = within(picked).getByText('IMG_0001.jpg').closest('li') as HTMLElement
    fireEvent.click(within(photo).getByRole('button', { name: 'Quitar' }))
    await waitFor(() => expect(within(picked).getAllByRole('listitem')).toHaveLength(2))

    fireEvent.click(screen.getByRole('button', { name: 'Guardar consulta' }))
    await waitFor(() => expect(saved).toHaveLength(1))
    const files = await db.files.toArray()
    expect(files.map((file) => [file.name, file.media_type, file.owner_id, file.syncState])).toEqual([
      ['laboratorio.pdf', 'application/pdf', saved[0]?.id, 'pending'],
      ['garganta.jpg', 'image/jpeg', saved[0]?.id, 'pending'],
    ])
    // The uploads wait for the consultation's create, queued in the same transaction.
    const entries = await pendingEntries(db)
    expect(entries.map((entry) => entry.kind)).toEqual([
      'encounter.create',
      'attachment.create',
      'attachment.create',
    ])
    expect(entries[1]?.dependsOn).toEqual([entries[0]?.mutationId])

    view.unmount()
    await renderConsultationPage(db, patient.id, saved[0]?.id)
    const list = await screen.findByRole('list', { name: 'Archivos de la consulta' })
    const rows = within(list).getAllByRole('listitem')
    expect(rows.map((row) => row.querySelector('.record-files__name')?.textContent)).toEqual([
      'laboratorio.pdf',
      'garganta.jpg',
    ])
    expect(rows[0]?.textContent).toContain('PDF')
    expect(rows[0]?.textContent).toContain('Por enviar')
    expect(rows[1]?.textContent).toContain(`JPG · ${jpegBytes.length} B`)
  })

  it('attaches a picked file to a recorded consultation at once', async () => {
    const { db, ctx } = aDevice()
    const patient = await aSyncedPatient(db, ctx)
    await holdConsultationCatalogues(db)
    const encounter = await createEncounter(db, ctx, aConsultation(patient.id))
    await renderConsultationPage(db, patient.id, encounter.id)
    await screen.findByText('Esta consulta no tiene archivos.')
    pick('Tomar foto', aPhoto('herida.jpg'))
    const list = await screen.findByRole('list', { name: 'Archivos de la consulta' })
    expect(within(list).getByText('herida.jpg')).toBeTruthy()
    expect((await db.files.toArray()).map((file) => file.owner_id)).toEqual([encounter.id])
    expect((await pendingEntries(db)).map((entry) => entry.kind)).toEqual([
      'encounter.create',
      'attachment.create',
    ])
  })

  it('asks before removing a file, and removes it only when confirmed', async () => {
    const { db, ctx } = aDevice()
    const patient = await aSyncedPatient(db, ctx)
    await holdConsultationCatalogues(db)
    const encounter = await createEncounter(db, ctx, aConsultation(patient.id))
    await attachToEncounter(db, ctx, encounter.id, [
      await prepareFile(aPdf(), 'laboratorio.pdf', { 'application/pdf': 1_000 }),
    ])
    await renderConsultationPage(db, patient.id, encounter.id)
    const list = await screen.findByRole('list', { name: 'Archivos de la consulta' })
    fireEvent.click(within(list).getByRole('button', { name: 'Quitar' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Quitar archivo' })
    expect(dialog.textContent).toContain('¿Quitar laboratorio.pdf de la consulta?')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(await db.files.count()).toBe(1)

    fireEvent.click(within(list).getByRole('button', { name: 'Quitar' }))
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Quitar archivo' })).getByRole('button', {
        name: 'Quitar',
      }),
    )
    expect(await screen.findByText('Esta consulta no tiene archivos.')).toBeTruthy()
    // Never sent: the file leaves the device with its upload.
    expect(await db.files.count()).toBe(0)
    expect((await pendingEntries(db)).map((entry) => entry.kind)).toEqual(['encounter.create'])
  })

  it('opens a file the device no longer holds by downloading it from the consultation’s file call', async () => {
    const { db, ctx } = aDevice()
    const patient = await aSyncedPatient(db, ctx)
    await holdConsultationCatalogues(db)
    const encounter = await createEncounter(db, ctx, aConsultation(patient.id))
    const [prepared] = [await prepareFile(aPdf(), 'laboratorio.pdf', { 'application/pdf': 1_000 })]
    await attachToEncounter(db, ctx, encounter.id, prepared ? [prepared] : [])
    // As after the upload was acknowledged and the cache let go of the bytes.
    const row = await db.files.get(prepared?.id ?? '')
    const { blob: _blob, cachedAt: _cachedAt, lastUsedAt: _lastUsedAt, ...metadata } = row ?? ({} as never)
    await db.files.put({ ...metadata, syncState: 'synced', version: 1 })
    const downloads: string[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(input instanceof Request ? input.url : String(input)).pathname
        // The amendment history's read goes too; only the file's download is counted.
        if (path.includes('/file/')) downloads.push(path)
        return new Response(pdfBytes, { headers: { 'content-type': 'application/pdf' } })
      }),
    )
    const opened = vi.fn((_url?: string | URL) => ({}) as Window)
    vi.stubGlobal('open', opened)
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:laboratorio')
    await renderConsultationPage(db, patient.id, encounter.id)
    const list = await screen.findByRole('list', { name: 'Archivos de la consulta' })
    fireEvent.click(within(list).getByRole('button', { name: 'Abrir' }))
    await waitFor(() => expect(opened).toHaveBeenCalledWith('blob:laboratorio', '_blank'))
    expect((vi.mocked(URL.createObjectURL).mock.calls[0]?.[0] as Blob | undefined)?.size).toBe(
      pdfBytes.length,
    )
    expect(downloads).toEqual([`/api/operation/patients/encounter/file/${prepared?.id}`])
  })
})
