import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { dateTimeOfInstant } from '../../contract/rules/date-time'
import { createEncounter } from '../../sync/encounter-mutators'
import { createRecordSection } from '../../sync/record-section-mutators'
import { aDevice, aSyncedPatient, pendingEntries } from '../../sync/test-fixtures'
import { aConsultation, CONSULTATION_MEDICINES, holdConsultationCatalogues } from './test-data'
import { fill, renderConsultationPage, signInDoctor, signOutDoctor } from './test-page'

// The whole form renders many fields: on a busy machine a render takes longer than the default second.
configure({ asyncUtilTimeout: 5_000 })

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Guardar consulta' }))

/** Picks a diagnosis by searching the device's CIE-10, as a professional does. */
async function addDiagnosis(search: string, code: string) {
  fill('Buscar diagnóstico (CIE-10)', search)
  const list = await screen.findByRole('list', { name: 'Diagnósticos encontrados' })
  fireEvent.click(await within(list).findByRole('button', { name: new RegExp(`^${code} `) }))
}

/** Fills the line of a prescription and adds it to the list. */
function addLine(medicine: string, presentation: string) {
  fill('Medicamento', screen.getByRole('option', { name: medicine }).getAttribute('value') ?? '')
  fill('Presentación y dosis', screen.getByRole('option', { name: presentation }).getAttribute('value') ?? '')
  fill('Cantidad por toma', '1')
  fill('Unidad', 'tablet')
  fill('Vía de administración', 'oral')
  fill('Cada cuántas horas', '8')
  fill('Por cuántos días', '5')
  fireEvent.click(screen.getByRole('button', { name: 'Agregar a la receta' }))
}

describe('the consultation screen', { timeout: 20_000 }, () => {
  beforeEach(() =>
    signInDoctor([
      'medical-consultation-create',
      'medical-consultation-edit',
      'consultation.prescription',
      'consultation.view',
    ]),
  )
  afterEach(() => {
    signOutDoctor()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('records a consultation on the device with its vital signs and two diagnoses, queued for the server', async () => {
    const { db, ctx } = aDevice()
    const patient = await aSyncedPatient(db, ctx)
    await holdConsultationCatalogues(db)
    const { saved } = await renderConsultationPage(db, patient.id)
    await screen.findByRole('form', { name: 'Nueva consulta' })
    fill(
      'Motivo de consulta',
      (await screen.findByRole('option', { name: 'Enfermedad general' })).getAttribute('value') ?? '',
    )
    fill('Peso (kg)', '72.5')
    fill('Estatura (m)', '1.70')
    expect(screen.getByText('25.1')).toBeTruthy()
    fill('Presión sistólica (mmHg)', '120')
    await addDiagnosis('resfriado', 'J00')
    await addDiagnosis('E11', 'E119')
    // Each diagnosis brings its affected system, which stays editable.
    const systems = screen.getAllByLabelText('Aparato o sistema afectado') as HTMLSelectElement[]
    expect(systems.map((select) => select.selectedOptions[0]?.textContent)).toEqual([
      'Aparato respiratorio',
      'Sistema endocrino',
    ])
    save()
    await waitFor(() => expect(saved).toHaveLength(1))
    const [row] = await db.encounters.toArray()
    expect(row).toMatchObject({
      patient_id: patient.id,
      weight_kg: 72.5,
      height_m: 1.7,
      bmi: 25.1,
      systolic: 120,
      oximetry: null,
      diagnoses: [{ code: 'J00' }, { code: 'E119' }],
      syncState: 'pending',
    })
    expect((await pendingEntries(db)).map((entry) => entry.kind)).toEqual(['encounter.create'])
    // Beside the form, the patient's consultations list it at once, marked as the one on screen.
    const history = screen.getByRole('region', { name: 'Historial de consultas' })
    const current = await within(history).findByRole('listitem', { current: true })
    expect(current.textContent).toContain('Esta consulta')
    expect(current.textContent).toContain('E119')
    expect(current.textContent).toContain('Por enviar')
    expect(within(current).getByRole('link').getAttribute('href')).toBe(
      `/medical-consultation/edit/${patient.id}/${row?.id}`,
    )
  })

  it('refuses a picked diagnosis already on the consultation', async () => {
    const { db, ctx } = aDevice()
    const patient = await aSyncedPatient(db, ctx)
    await holdConsultationCatalogues(db)
    await renderConsultationPage(db, patient.id)
    await screen.findByRole('form', { name: 'Nueva consulta' })
    await addDiagnosis('J00', 'J00')
    await addDiagnosis('J00', 'J00')
    expect(await screen.findByText('Un diagnóstico con este código ya está en la consulta.')).toBeTruthy()
    expect(screen.getAllByLabelText('Aparato o sistema afectado')).toHaveLength(1)
  })

  it('finds the tenant’s own diagnosis codes beside CIE-10, each with the system it is filed under', async () => {
    const { db, ctx } = aDevice()
    const patient = await aSyncedPatient(db, ctx)
    await holdConsultationCatalogues(db)
    const [respiratory] = await db.catalogueEntries.where('catalogue').equals('affected_system').toArray()
    await db.catalogueEntries.put({
      ...(respiratory as NonNullable<typeof respiratory>),
      id: '0193a7f2-5b1e-7c3d-8e4f-00000000d0c1',
      catalogue: 'diagnostics',
      name: 'Rinitis por polvo de cemento',
      code: 'X99',
      parent_id: respiratory?.id ?? null,
      parent_name: respiratory?.name ?? null,
    })
    await renderConsultationPage(db, patient.id)
    await screen.findByRole('form', { name: 'Nueva consulta' })
    await addDiagnosis('cemento', 'X99')
    const [system] = screen.getAllByLabelText('Aparato o sistema afectado') as HTMLSelectElement[]
    expect(system?.selectedOptions[0]?.textContent).toBe('Aparato respiratorio')
  })

  it('shows every error at the top and by its field on save, and saves nothing', async () => {
    const { db, ctx } = aDevice()
    const patient = await aSyncedPatient(db, ctx)
    await holdConsultationCatalogues(db)
    await renderConsultationPage(db, patient.id)
    await screen.findByRole('form', { name: 'Nueva consulta' })
    fill('Oximetría (%)', '48')
    save()
    const summary = await screen.findByText('Todos los campos obligatorios deben ser llenados')
    const links = within(summary.parentElement as HTMLElement)
      .getAllByRole('link')
      .map((link) => link.textContent)
    expect(links).toEqual(
      expect.arrayContaining([
        'Motivo de consulta: Este campo es obligatorio.',
        'Oximetría (%): Debe ser al menos 49.',
        'Buscar diagnóstico (CIE-10): La consulta necesita al menos un diagnóstico.',
      ]),
    )
    expect(screen.getByLabelText('Oximetría (%)').getAttribute('aria-invalid')).toBe('true')
    expect(await db.encounters.count()).toBe(0)
  })

  it('asks for the call duration only for a remote consultation', async () => {
    const { db, ctx } = aDevice()
    const patient = await aSyncedPatient(db, ctx)
    await holdConsultationCatalogues(db)
    await renderConsultationPage(db, patient.id)
    await screen.findByRole('form', { name: 'Nueva consulta' })
    expect(screen.queryByLabelText('Duración de la llamada')).toBeNull()
    fill('Modalidad', 'remote')
    expect(await screen.findByLabelText('Duración de la llamada')).toBeTruthy()
    save()
    expect(
      (await screen.findAllByText('Una consulta a distancia necesita la duración de la llamada.')).length,
    ).toBeGreaterThan(0)
  })

  it('saves once however often Guardar is pressed, and takes a save again after one failed (SPEC §4)', async () => {
    const { db, ctx } = aDevice()
    const patient = await aSyncedPatient(db, ctx)
    await holdConsultationCatalogues(db)
    const { saved } = await renderConsultationPage(db, patient.id)
    fill(
      'Motivo de consulta',
      (await screen.findByRole('option', { name: 'Enfermedad general' })).getAttribute('value') ?? '',
    )
    await addDiagnosis('J00', 'J00')
    // The device is full once: the write is refused whole, as IndexedDB does.
    const add = db.encounters.add.bind(db.encounters)
    vi.spyOn(db.encounters, 'add').mockImplementationOnce(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    })
    save()
    expect(await screen.findByText(/No hay espacio en este dispositivo/)).toBeTruthy()
    expect(await db.encounters.count()).toBe(0)
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Guardar consulta' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    )
    vi.mocked(db.encounters.add).mockImplementation(add)
    save()
    save()
    save()
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(await db.encounters.count()).toBe(1)
    expect(await db.outbox.count()).toBe(1)
  })

  it('keeps the prescription closed until the consultation is saved', async () => {
    const { db, ctx } = aDevice()
    const patient = await aSyncedPatient(db, ctx)
    await holdConsultationCatalogues(db)
    await renderConsultationPage(db, patient.id)
    expect(
      await screen.findByText('Guarda los datos de la consulta antes de agregar la receta.'),
    ).toBeTruthy()
    expect((screen.getByRole('group', { name: 'Agregar medicamento' }) as HTMLFieldSetElement).disabled).toBe(
      true,
    )
    expect((screen.getByRole('button', { name: 'Guardar receta' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('prescribes two medicines on a saved consultation, refusing a repeated medicine or dose with SPEC §8’s texts', async () => {
    const { db, ctx } = aDevice()
    const patient = await aSyncedPatient(db, ctx)
    await holdConsultationCatalogues(db)
    await createRecordSection(db, ctx, 'allergies-tolerances', {
      patient_id: patient.id,
      description: 'Penicilina',
    })
    const encounter = await createEncounter(db, ctx, aConsultation(patient.id))
    await renderConsultationPage(db, patient.id, encounter.id)
    expect(await screen.findByText('Penicilina')).toBeTruthy()
    await screen.findByRole('option', { name: 'Metformina' })
    addLine('Metformina', 'Tableta 850 mg')
    addLine('Metformina', 'Tableta 850 mg')
    expect(await screen.findByText('Una presentación con esta dosis ya existe.')).toBeTruthy()
    addLine('Metformina', 'Tableta 500 mg')
    expect(
      await screen.findByText('El medicamento que intenta agregar ya existe en el catálogo de medicamentos.'),
    ).toBeTruthy()
    addLine('Paracetamol', 'Tableta 500 mg')
    const lines = screen.getByRole('list', { name: 'Medicamentos de la receta' })
    expect(within(lines).getAllByRole('listitem')).toHaveLength(2)
    fireEvent.click(screen.getByRole('button', { name: 'Guardar receta' }))
    await waitFor(async () => expect((await db.encounters.get(encounter.id))?.prescription).toHaveLength(2))
    const row = await db.encounters.get(encounter.id)
    expect(
      row?.prescription.map((line) => [line.medicine_name, line.dose, line.every_hours, line.for_days]),
    ).toEqual([
      ['Metformina', '850 mg', 8, 5],
      ['Paracetamol', '500 mg', 8, 5],
    ])
    const queued = (await pendingEntries(db)).filter((entry) => entry.entity === 'encounter')
    expect(queued.map((entry) => entry.kind)).toEqual(['encounter.create', 'encounter.update'])
  })

  it('wants every field of a prescription line', async () => {
    const { db, ctx } = aDevice()
    const patient = await aSyncedPatient(db, ctx)
    await holdConsultationCatalogues(db)
    const encounter = await createEncounter(db, ctx, aConsultation(patient.id))
    await renderConsultationPage(db, patient.id, encounter.id)
    await screen.findByRole('option', { name: 'Metformina' })
    fireEvent.click(screen.getByRole('button', { name: 'Agregar a la receta' }))
    // Medicine, presentation, unit, route, every, for: the quantity starts at 1.
    expect(await screen.findAllByText('Este campo es obligatorio.')).toHaveLength(6)
    expect(screen.queryByRole('list', { name: 'Medicamentos de la receta' })).toBeNull()
  })

  it('amends a saved consultation with only what changed, and compares with the values before it', async () => {
    const { db, ctx } = aDevice()
    const patient = await aSyncedPatient(db, ctx)
    await holdConsultationCatalogues(db)
    await createEncounter(
      db,
      ctx,
      aConsultation(patient.id, { started_at: '2026-10-01T16:00:00.000Z', weight_kg: 80 }),
    )
    const encounter = await createEncounter(db, ctx, aConsultation(patient.id))
    await renderConsultationPage(db, patient.id, encounter.id)
    await screen.findByRole('form', { name: 'Editar consulta' })
    expect(screen.getByText('Última: 80 kg')).toBeTruthy()
    expect((screen.getByLabelText('Peso (kg)') as HTMLInputElement).value).toBe('72.5')
    fill('Plan', 'Reposo 3 días')
    save()
    await waitFor(async () => expect((await db.encounters.get(encounter.id))?.plan).toBe('Reposo 3 días'))
    const update = (await pendingEntries(db)).find((entry) => entry.kind === 'encounter.update')
    expect(update?.body).toEqual({ plan: 'Reposo 3 días' })
    // The amendments come from the server with the consultation: until then, the page says so.
    expect(screen.getByText(/El historial de cambios llegará del servidor/)).toBeTruthy()
  })

  it('shows offline the amendments the feed brought: who, when, and each field before and after (NOM-004)', async () => {
    const { db, ctx } = aDevice()
    const patient = await aSyncedPatient(db, ctx)
    await holdConsultationCatalogues(db)
    const encounter = await createEncounter(db, ctx, aConsultation(patient.id, { plan: 'Reposo' }))
    const amendedAt = '2026-11-21T17:05:00.000Z'
    // As the feed stores it: the server's row with its amendments (the device is offline).
    await db.encounters.update(encounter.id, {
      syncState: 'synced',
      amendments: [
        {
          id: '0193b2a0-0000-7000-8000-000000000901',
          version: 2,
          amended_at: amendedAt,
          amended_by: { id: 'doctor-3', name: 'Luis Ramírez' },
          changes: {
            plan: { before: 'Reposo', after: 'Reposo 3 días' },
            weight_kg: { before: 72.5, after: 73 },
            modality: { before: 'on_site', after: 'remote' },
          },
        },
      ],
    })
    await renderConsultationPage(db, patient.id, encounter.id)
    const history = await screen.findByRole('region', { name: 'Historial de cambios' })
    const { date, time } = dateTimeOfInstant(amendedAt)
    expect(await within(history).findByText(`${date} ${time}`)).toBeTruthy()
    expect(history.textContent).toContain('Luis Ramírez')
    const changes = within(history)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(changes).toEqual(
      expect.arrayContaining([
        'Plan: Reposo → Reposo 3 días',
        'Peso: 72.5 kg → 73 kg',
        'Modalidad: Presencial → A distancia',
      ]),
    )
  })

  it('downloads the note and, once it has one, the prescription, built on the device with no network', async () => {
    const { db, ctx } = aDevice()
    const patient = await aSyncedPatient(db, ctx)
    await holdConsultationCatalogues(db)
    const encounter = await createEncounter(db, ctx, aConsultation(patient.id))
    const saved: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download)
    })
    // The browser's object URLs are the edge of the world here (jsdom has none).
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = () => 'blob:pdf'
        static override revokeObjectURL = () => {}
      },
    )
    await renderConsultationPage(db, patient.id, encounter.id)
    const documents = await screen.findByRole('region', { name: 'Documentos' })
    expect(within(documents).queryByRole('button', { name: 'Descargar receta' })).toBeNull()
    fireEvent.click(within(documents).getByRole('button', { name: 'Descargar nota' }))
    await waitFor(() => expect(saved).toEqual(['nota_de_consulta_20_11_2026.pdf']))

    const [medicine] = CONSULTATION_MEDICINES
    const [presentation] = medicine?.presentations ?? []
    await db.encounters.update(encounter.id, {
      prescription: [
        {
          id: '0193b2a0-0000-7000-8000-000000000601',
          medicine_id: medicine?.id ?? '',
          presentation_id: presentation?.id ?? '',
          medicine_name: medicine?.name ?? '',
          presentation_name: presentation?.name ?? '',
          dose: presentation?.dose ?? '',
          quantity: 1,
          unit: 'tablet',
          via: 'oral',
          every_hours: 8,
          for_days: 5,
          indications: null,
        },
      ],
    })
    fireEvent.click(await within(documents).findByRole('button', { name: 'Descargar receta' }))
    await waitFor(() => expect(saved).toEqual(['nota_de_consulta_20_11_2026.pdf', 'receta_20_11_2026.pdf']))
  })
})
