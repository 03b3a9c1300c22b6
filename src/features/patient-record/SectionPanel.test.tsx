import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MEDICINES } from '../../catalogs/test-catalogs'
import type { LocalRecordSection } from '../../db/local-db'
import { saveSession } from '../../session/session-store'
import { setCurrentEngine } from '../../sync/current-engine'
import type { SyncEngine } from '../../sync/engine'
import { aDevice } from '../../sync/test-fixtures'
import { renderWithI18n } from '../../test/render'
import { signedInAs } from '../../test/session'
import { SectionPanel } from './SectionPanel'

const PATIENT = '0193a7f2-5b1e-7c3d-8e4f-000000000001'
const LIST = [
  { code: 'diabetes', name: 'Diabetes' },
  { code: 'hypertension', name: 'Hipertensión arterial' },
]
const CONDITIONS = { offered: LIST, named: LIST }

describe('a record section panel on the device', () => {
  beforeEach(() => signedInAs(['patients-index', 'patients-edit'], { uuid: 'doctor-3' }))
  afterEach(() => saveSession(null))

  it('adds a medical condition through its dialog, held to the contract’s year range', async () => {
    const { db } = aDevice()
    await renderWithI18n(
      <SectionPanel
        db={db}
        section="medical-conditions"
        patientId={PATIENT}
        entries={[]}
        choices={CONDITIONS}
        canEdit
      />,
    )
    expect(screen.getByText('Sin registros')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Agregar Condiciones médicas' }))
    const dialog = await screen.findByRole('dialog', { name: 'Agregar: Condiciones médicas' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }))
    expect(await within(dialog).findByText('Este campo es obligatorio.')).toBeTruthy()
    fireEvent.change(within(dialog).getByLabelText('Condición médica'), { target: { value: 'hypertension' } })
    fireEvent.change(within(dialog).getByLabelText('Año'), { target: { value: '1919' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }))
    expect(await within(dialog).findByText('Debe ser al menos 1920.')).toBeTruthy()
    expect(await db.outbox.count()).toBe(0)
    fireEvent.change(within(dialog).getByLabelText('Año'), { target: { value: '2015' } })
    fireEvent.change(within(dialog).getByLabelText('Nota'), { target: { value: '  Controlada  ' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const [entry] = await db.outbox.toArray()
    expect(entry).toMatchObject({
      kind: 'recordSection.create',
      path: '/api/operation/patients/medical-conditions',
      body: { patient_id: PATIENT, medical_condition_id: 'hypertension', year: 2015, note: 'Controlada' },
    })
  })

  it('adds an active medication picked from the device’s medicines catalogue, keeping its name', async () => {
    const { db } = aDevice()
    await db.medicines.bulkPut(MEDICINES)
    setCurrentEngine({ db, loop: { kick: () => undefined } } as unknown as SyncEngine) // only what the panel uses
    try {
      await renderWithI18n(
        <SectionPanel db={db} section="active-medications" patientId={PATIENT} entries={[]} canEdit />,
      )
      fireEvent.click(screen.getByRole('button', { name: 'Agregar Medicamentos activos' }))
      const dialog = await screen.findByRole('dialog', { name: 'Agregar: Medicamentos activos' })
      const picker = within(dialog).getByLabelText('Medicamento del catálogo')
      await within(picker).findByRole('option', { name: 'Metformina' })
      fireEvent.change(picker, { target: { value: MEDICINES[0]?.id } })
      await waitFor(() =>
        expect(
          (within(dialog).getByLabelText('Medicamento (como se mostrará)') as HTMLInputElement).value,
        ).toBe('Metformina'),
      )
      fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }))
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
      const [entry] = await db.outbox.toArray()
      expect(entry?.body).toMatchObject({ medicine: 'Metformina', medicine_id: MEDICINES[0]?.id })
    } finally {
      setCurrentEngine(null)
    }
  })

  it('shows each entry with its sync state, and deletes one only after confirmation', async () => {
    const { db } = aDevice()
    const entry: LocalRecordSection = {
      id: '0193a7f2-5b1e-7c3d-8e4f-0000000000c1',
      patient_id: PATIENT,
      section: 'medical-conditions',
      medical_condition_id: 'diabetes',
      note: null,
      year: 2019,
      version: 2,
      syncState: 'pending',
    }
    await db.recordSections.add(entry)
    await renderWithI18n(
      <SectionPanel
        db={db}
        section="medical-conditions"
        patientId={PATIENT}
        entries={[entry]}
        choices={CONDITIONS}
        canEdit
      />,
    )
    const item = screen.getByRole('listitem')
    expect(item.textContent).toContain('Diabetes · 2019')
    expect(within(item).getByText('Por enviar')).toBeTruthy()
    fireEvent.click(within(item).getByRole('button', { name: 'Eliminar Diabetes · 2019' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Eliminar registro' })
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(await db.outbox.count()).toBe(0)
    fireEvent.click(within(item).getByRole('button', { name: 'Eliminar Diabetes · 2019' }))
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }))
    await waitFor(async () => expect(await db.outbox.count()).toBe(1))
    expect((await db.recordSections.get(entry.id))?.deleted_at).toEqual(expect.any(String))
    expect(await db.outbox.toArray()).toMatchObject([{ kind: 'recordSection.delete', method: 'DELETE' }])
  })

  it('edits an entry, queuing only the field that changed', async () => {
    const { db } = aDevice()
    const entry: LocalRecordSection = {
      id: '0193a7f2-5b1e-7c3d-8e4f-0000000000c2',
      patient_id: PATIENT,
      section: 'surgical-histories',
      title: 'Apendicectomía',
      note: null,
      year: 2001,
      version: 3,
      syncState: 'synced',
    }
    await db.recordSections.add(entry)
    await db.shadows.put({ entity: 'recordSection', id: entry.id, version: 3, data: entry })
    await renderWithI18n(
      <SectionPanel db={db} section="surgical-histories" patientId={PATIENT} entries={[entry]} canEdit />,
    )
    expect(within(screen.getByRole('listitem')).queryByText('Por enviar')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Editar Apendicectomía · 2001' }))
    const dialog = await screen.findByRole('dialog', { name: 'Editar: Antecedentes quirúrgicos' })
    expect((within(dialog).getByLabelText('Título') as HTMLInputElement).value).toBe('Apendicectomía')
    fireEvent.change(within(dialog).getByLabelText('Nota'), { target: { value: 'Laparoscópica' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await db.outbox.toArray()).toMatchObject([
      {
        kind: 'recordSection.update',
        path: `/api/operation/patients/surgical-histories/${entry.id}`,
        body: { note: 'Laparoscópica' },
        baseVersion: 3,
      },
    ])
  })

  it('edits a medical condition with its condition already picked', async () => {
    const { db } = aDevice()
    const entry: LocalRecordSection = {
      id: '0193a7f2-5b1e-7c3d-8e4f-0000000000c3',
      patient_id: PATIENT,
      section: 'medical-conditions',
      medical_condition_id: 'diabetes',
      note: null,
      year: 2010,
      version: 2,
      syncState: 'synced',
    }
    await db.recordSections.add(entry)
    await db.shadows.put({ entity: 'recordSection', id: entry.id, version: 2, data: entry })
    await renderWithI18n(
      <SectionPanel
        db={db}
        section="medical-conditions"
        patientId={PATIENT}
        entries={[entry]}
        choices={CONDITIONS}
        canEdit
      />,
    )
    fireEvent.click(screen.getByRole('button', { name: /^Editar Diabetes/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Editar: Condiciones médicas' })
    expect((within(dialog).getByLabelText('Condición médica') as HTMLSelectElement).value).toBe('diabetes')
    fireEvent.change(within(dialog).getByLabelText('Nota'), { target: { value: 'Controlada' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await db.outbox.toArray()).toMatchObject([
      { kind: 'recordSection.update', body: { note: 'Controlada' } },
    ])
  })

  it('offers no changes to someone who may only read', async () => {
    const { db } = aDevice()
    await renderWithI18n(
      <SectionPanel db={db} section="social-habits" patientId={PATIENT} entries={[]} canEdit={false} />,
    )
    expect(screen.queryByRole('button', { name: /Agregar/ })).toBeNull()
  })
})
