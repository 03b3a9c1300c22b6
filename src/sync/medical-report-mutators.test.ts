import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { disabilityFiles, disabilitySignatureFiles } from '../contract/endpoints/disabilities'
import { shortHistoryFiles } from '../contract/endpoints/short-histories'
import { withCloneableBlobs } from '../test/node-blob'
import { createEncounter } from './encounter-mutators'
import { entrySchema } from './entry-schema'
import { prepareFile } from './file-mutators'
import { DISABILITY, HEALTH_CERTIFICATE, INCIDENT_REPORT, SHORT_HISTORY } from './medical-report-kinds'
import {
  amendReport,
  attachReportFiles,
  createReport,
  deleteReport,
  ReportRefusal,
} from './medical-report-mutators'
import {
  aCertificate,
  aDisability,
  anIncidentReport,
  aShortHistory,
  cacheDisabilityCatalogues,
  GENERAL_ILLNESS,
  SUBSEQUENT,
} from './medical-report-test-data'
import { createPatient } from './mutators'
import { aDevice, aPatient, pendingEntries } from './test-fixtures'

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

const png = () =>
  new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])], { type: 'image/png' })
const pdf = () => new Blob([new TextEncoder().encode('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' })

withCloneableBlobs()

describe('medical reports offline', () => {
  it('records a short history for a patient made offline: the create after the patient’s, the file after the create', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    const file = await prepareFile(pdf(), 'alta-imss.pdf', shortHistoryFiles.limits)
    const row = await createReport(
      db,
      { ...ctx, userName: 'Dra. Leticia Campos' },
      SHORT_HISTORY,
      aShortHistory(patient.id),
      { files: [{ owner: shortHistoryFiles, file }] },
    )
    expect(row.id).toMatch(UUID_V7)
    expect(await db.shortHistories.get(row.id)).toMatchObject({
      patient_id: patient.id,
      type: 'return_to_work',
      family_history: null,
      author: { id: ctx.userId, name: 'Dra. Leticia Campos', title: null, professional_license: null },
      syncState: 'pending',
    })
    const [patientCreate, created, upload] = await pendingEntries(db)
    expect(created).toMatchObject({
      kind: 'shortHistory.create',
      entity: 'shortHistory',
      entityId: row.id,
      method: 'POST',
      path: '/api/operation/patients/short-medical-histories',
      dependsOn: [patientCreate?.mutationId],
    })
    expect(created?.body).not.toHaveProperty('author')
    expect(v.is(entrySchema(created as never), created?.body)).toBe(true)
    expect(upload).toMatchObject({
      kind: 'attachment.create',
      path: `/api/operation/patients/short-medical-histories/${row.id}/files`,
      dependsOn: [created?.mutationId],
    })
    expect(await db.files.get(file.id)).toMatchObject({ owner_kind: 'short-history', owner_id: row.id })
  })

  it('refuses what the contract refuses before anything is kept', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    await expect(
      createReport(db, ctx, HEALTH_CERTIFICATE, aCertificate(patient.id, { restrictions: null })),
    ).rejects.toThrow(v.ValiError)
    await expect(
      createReport(db, ctx, DISABILITY, aDisability(patient.id, { assigned_days: 13 })),
    ).rejects.toThrow(v.ValiError)
    expect(await db.healthCertificates.count()).toBe(0)
    expect(await db.disabilities.count()).toBe(0)
    expect(await pendingEntries(db)).toHaveLength(1)
  })

  it('amends a certificate with only what changed, judging the rule on the certificate as it leaves it', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    const row = await createReport(db, ctx, HEALTH_CERTIFICATE, aCertificate(patient.id), {
      author: { id: ctx.userId, name: 'Leticia Campos', title: 'Dra.', professional_license: '8123456' },
    })
    expect(row.author).toMatchObject({ title: 'Dra.', professional_license: '8123456' })
    // Fit with restrictions without them, or a validity ending before it starts: refused on the field.
    const refusal = await amendReport(db, ctx, HEALTH_CERTIFICATE, row.id, { restrictions: null }).catch(
      (error: unknown) => error,
    )
    expect(refusal).toBeInstanceOf(ReportRefusal)
    expect((refusal as ReportRefusal).problems).toEqual([
      { field: 'restrictions', message: 'certificate.restrictionsRequired' },
    ])
    await expect(
      amendReport(db, ctx, HEALTH_CERTIFICATE, row.id, { valid_to: '2026-11-01' }),
    ).rejects.toMatchObject({ problems: [{ field: 'valid_to' }] })
    const amended = await amendReport(db, ctx, HEALTH_CERTIFICATE, row.id, {
      result: 'fit',
      restrictions: null,
      purpose: 'A quien corresponda',
    })
    expect(amended).toMatchObject({ result: 'fit', restrictions: null })
    const entries = await pendingEntries(db)
    const create = entries.find((entry) => entry.kind === 'healthCertificate.create')
    expect(entries.at(-1)).toMatchObject({
      kind: 'healthCertificate.update',
      method: 'POST',
      path: `/api/operation/patients/certificate-health-status/${row.id}`,
      body: { result: 'fit', restrictions: null },
      baseVersion: null,
      dependsOn: [create?.mutationId],
    })
    expect(v.is(entrySchema(entries.at(-1) as never), entries.at(-1)?.body)).toBe(true)
    expect(await amendReport(db, ctx, HEALTH_CERTIFICATE, row.id, { result: 'fit' })).toBeNull()
  })

  it('makes a certificate from a consultation not yet sent wait for it', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    const encounter = await createEncounter(db, ctx, {
      patient_id: patient.id,
      type: 'initial',
      started_at: '2026-11-23T09:30:00-06:00',
      modality: 'on_site',
      reason_id: '0193a7f2-5b1e-7c3d-8e4f-000000000002',
      weight_kg: 78.5,
      diagnoses: [
        {
          code: 'S934',
          name: 'Esguince del tobillo',
          affected_system_id: '0193a7f2-5b1e-7c3d-8e4f-000000000003',
        },
      ],
    })
    await createReport(db, ctx, HEALTH_CERTIFICATE, aCertificate(patient.id, { encounter_id: encounter.id }))
    const entries = await pendingEntries(db)
    const patientCreate = entries.find((entry) => entry.kind === 'patient.create')
    const encounterCreate = entries.find((entry) => entry.kind === 'encounter.create')
    expect(entries.at(-1)?.dependsOn).toEqual([patientCreate?.mutationId, encounterCreate?.mutationId])
  })

  it('records a disability with its attachment and drawn signature, naming its modality and status from the cache', async () => {
    const { db, ctx } = aDevice()
    await cacheDisabilityCatalogues(db)
    const patient = await createPatient(db, ctx, aPatient())
    const attachment = await prepareFile(pdf(), 'incapacidad-imss.pdf', disabilityFiles.limits)
    const signature = await prepareFile(png(), 'firma.png', disabilitySignatureFiles.limits)
    const row = await createReport(db, ctx, DISABILITY, aDisability(patient.id), {
      files: [
        { owner: disabilityFiles, file: attachment },
        { owner: disabilitySignatureFiles, file: signature },
      ],
    })
    expect(row).toMatchObject({
      assigned_number: 'LK123456',
      type_name: 'Riesgo de trabajo',
      status_name: 'Inicial',
    })
    const [, created, ...uploads] = await pendingEntries(db)
    expect(uploads.map((entry) => [entry.path, entry.dependsOn])).toEqual([
      [`/api/operation/patients/incapacities/${row.id}/files`, [created?.mutationId]],
      [`/api/operation/patients/incapacities/signature/${row.id}/files`, [created?.mutationId]],
    ])
    // A new signature takes the old one's place; the names follow an amended modality.
    const again = await prepareFile(png(), 'firma-2.png', disabilitySignatureFiles.limits)
    const amended = await amendReport(
      db,
      ctx,
      DISABILITY,
      row.id,
      { type_id: GENERAL_ILLNESS, status_id: SUBSEQUENT },
      [{ owner: disabilitySignatureFiles, file: again }],
    )
    expect(amended).toMatchObject({ type_name: 'Enfermedad general', status_name: 'Subsecuente' })
    const signatures = await db.files
      .where('[owner_kind+owner_id]')
      .equals(['disability-signature', row.id])
      .toArray()
    expect(signatures.map((file) => file.name)).toEqual(['firma-2.png'])
    const attachments = await db.files.where('[owner_kind+owner_id]').equals(['disability', row.id]).count()
    expect(attachments).toBe(1)
  })

  it('judges a disability’s days on the disability as an amendment leaves it', async () => {
    const { db, ctx } = aDevice()
    await cacheDisabilityCatalogues(db)
    const patient = await createPatient(db, ctx, aPatient())
    const row = await createReport(db, ctx, DISABILITY, aDisability(patient.id))
    await expect(amendReport(db, ctx, DISABILITY, row.id, { end_date: '2026-11-20' })).rejects.toMatchObject({
      problems: [{ field: 'assigned_days', message: 'disability.assignedDaysMismatch' }],
    })
    await expect(
      amendReport(db, ctx, DISABILITY, row.id, { end_date: '2026-11-01', assigned_days: 1 }),
    ).rejects.toMatchObject({ problems: [{ field: 'end_date', message: 'disability.endBeforeStart' }] })
    expect(
      await amendReport(db, ctx, DISABILITY, row.id, { end_date: '2026-11-20', assigned_days: 19 }),
    ).toMatchObject({ end_date: '2026-11-20', assigned_days: 19 })
  })

  it('links an ST-7 to a disability recorded offline, which goes first', async () => {
    const { db, ctx } = aDevice()
    await cacheDisabilityCatalogues(db)
    const patient = await createPatient(db, ctx, aPatient())
    const disability = await createReport(db, ctx, DISABILITY, aDisability(patient.id))
    const report = await createReport(db, ctx, INCIDENT_REPORT, anIncidentReport(patient.id))
    await amendReport(db, ctx, INCIDENT_REPORT, report.id, { disability_id: disability.id })
    const entries = await pendingEntries(db)
    const byKind = (kind: string) => entries.find((entry) => entry.kind === kind)
    expect(byKind('incidentReport.create')?.path).toBe('/api/operation/patients/incident-reports')
    expect(byKind('incidentReport.update')?.dependsOn).toEqual([
      byKind('incidentReport.create')?.mutationId,
      byKind('disability.create')?.mutationId,
    ])
    await expect(
      amendReport(db, ctx, INCIDENT_REPORT, report.id, { attended_on: '2026-11-01' }),
    ).rejects.toBeInstanceOf(ReportRefusal)
  })

  it('attaches a file to a saved report, refusing an owner the report does not have', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    const row = await createReport(db, ctx, SHORT_HISTORY, aShortHistory(patient.id))
    const file = await prepareFile(png(), 'receta.png', shortHistoryFiles.limits)
    await attachReportFiles(db, ctx, SHORT_HISTORY, row.id, [{ owner: shortHistoryFiles, file }])
    expect((await pendingEntries(db)).at(-1)).toMatchObject({ kind: 'attachment.create', entityId: file.id })
    const other = await prepareFile(png(), 'firma.png', disabilitySignatureFiles.limits)
    await expect(
      attachReportFiles(db, ctx, SHORT_HISTORY, row.id, [{ owner: disabilitySignatureFiles, file: other }]),
    ).rejects.toThrow(/no disability-signature files/)
  })

  it('deletes a short history and a disability softly, after their changes', async () => {
    const { db, ctx } = aDevice()
    await cacheDisabilityCatalogues(db)
    const patient = await createPatient(db, ctx, aPatient())
    const history = await createReport(db, ctx, SHORT_HISTORY, aShortHistory(patient.id))
    const disability = await createReport(db, ctx, DISABILITY, aDisability(patient.id))
    await deleteReport(db, ctx, SHORT_HISTORY, history.id)
    await deleteReport(db, ctx, DISABILITY, disability.id)
    expect((await db.shortHistories.get(history.id))?.deleted_at).toBeTruthy()
    expect((await db.disabilities.get(disability.id))?.deleted_at).toBeTruthy()
    const entries = await pendingEntries(db)
    const createOf = (id: string) => entries.find((entry) => entry.entityId === id)?.mutationId
    expect(entries.slice(-2)).toMatchObject([
      {
        kind: 'shortHistory.delete',
        method: 'DELETE',
        path: `/api/operation/patients/short-medical-histories/${history.id}`,
        dependsOn: [createOf(history.id)],
      },
      {
        kind: 'disability.delete',
        method: 'DELETE',
        path: `/api/operation/patients/incapacities/${disability.id}`,
        dependsOn: [createOf(disability.id)],
      },
    ])
    await expect(amendReport(db, ctx, SHORT_HISTORY, history.id, { plan: 'Control' })).rejects.toThrow(
      /Unknown shortHistory/,
    )
  })
})
