import { createHash } from 'node:crypto'
import Dexie from 'dexie'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withTenant } from '../../server/db/client'
import {
  attachments,
  catalogueEntries,
  disabilities,
  healthCertificateAmendments,
  healthCertificates,
  incidentReports,
  patients,
  shortHistories,
  users,
} from '../../server/db/schema'
import { disabilityFiles, disabilitySignatureFiles } from '../../src/contract/endpoints/disabilities'
import { shortHistoryFiles } from '../../src/contract/endpoints/short-histories'
import { nameKey } from '../../src/contract/schemas/catalogue-definitions'
import type { ReportRecord } from '../../src/contract/schemas/report-amendments'
import type { LocalReport } from '../../src/db/local-db'
import { pdfText } from '../../src/documents/pdf-text'
import { reportDocumentFromDevice } from '../../src/reports/medical-report-documents'
import { MAX_WAIT_MS } from '../../src/sync/backoff'
import { prepareFile } from '../../src/sync/file-mutators'
import {
  DISABILITY,
  HEALTH_CERTIFICATE,
  INCIDENT_REPORT,
  SHORT_HISTORY,
} from '../../src/sync/medical-report-kinds'
import { amendReport, createReport } from '../../src/sync/medical-report-mutators'
import {
  aCertificate,
  aDisability,
  anIncidentReport,
  aShortHistory,
  cacheDisabilityCatalogues,
  INITIAL,
  WORK_RISK,
} from '../../src/sync/medical-report-test-data'
import { createPatient } from '../../src/sync/mutators'
import { sampleFile } from '../fixtures/file-owner'
import { cacheDocumentContext } from './document-cache'
import { newPatient } from './people'
import { type Clinic, feedEnd, openClinic, type SyncServer, serverTrail, startSyncServer } from './server'
import { clinicTablets } from './tablets'

/** A company doctor's: write and read the four reports (SPEC §2 route names). */
const DOCTOR = [
  'clinical-history-create',
  'clinical-history-edit',
  'clinical-history-detail',
  'certificate-health-status-create',
  'certificate-health-status-edit',
  'certificate-health-status-view',
  'record-disabilities-create',
  'record-disabilities-edit',
  'record-disabilities-view',
  'incident-report-st7-create',
  'incident-report-st7-edit',
  'incident-report-st7-view',
]

const TITLE = '0193a7f2-0000-7000-8000-00000000d201'

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/**
 * DESIGN §9.5 for the medical reports (issue 23), over real HTTP: an accident recorded offline
 * for a patient also registered offline — the disability with its attachment and drawn
 * signature, the ST-7 linking it, a short history with a document — reaches the server once and
 * in order though an answer is lost; a certificate's amendment keeps it as it was (NOM-004) and
 * comes to another tablet with its history; and a device upgraded from a version that skipped
 * the reports pulls them again without losing what it had not sent.
 */
describe('medical reports recorded offline', () => {
  let server: SyncServer
  let clinic: Clinic

  beforeAll(async () => {
    server = await startSyncServer()
    clinic = await openClinic(server, 'reportes', 2, DOCTOR)
    // The modality and status a disability names, in the clinic's catalogues.
    await withTenant(server.database.db, clinic.tenantId, (tx) =>
      tx.insert(catalogueEntries).values([
        {
          tenantId: clinic.tenantId,
          id: WORK_RISK,
          catalogue: 'incapacityType',
          name: 'Riesgo de trabajo',
          nameKey: nameKey('Riesgo de trabajo'),
        },
        {
          tenantId: clinic.tenantId,
          id: INITIAL,
          catalogue: 'incapacityStatus',
          name: 'Inicial',
          nameKey: nameKey('Inicial'),
        },
        {
          tenantId: clinic.tenantId,
          id: TITLE,
          catalogue: 'practitioner-titles',
          name: 'Dra.',
          nameKey: nameKey('Dra.'),
        },
      ]),
    )
    // The first nurse signs as a physician: her title and cédula go on the certificate.
    await withTenant(server.database.db, clinic.tenantId, (tx) =>
      tx
        .update(users)
        .set({ titleId: TITLE, professionalLicense: '8123456' })
        .where(eq(users.id, clinic.nurses[0]?.id as string)),
    )
  })
  afterAll(() => server.close())

  const tablet = clinicTablets(() => ({ server, clinic }))
  const onServer = (patientId: string) =>
    withTenant(server.database.db, clinic.tenantId, async (tx) => ({
      histories: await tx.select().from(shortHistories).where(eq(shortHistories.patientId, patientId)),
      disabilities: await tx.select().from(disabilities).where(eq(disabilities.patientId, patientId)),
      reports: await tx.select().from(incidentReports).where(eq(incidentReports.patientId, patientId)),
      certificates: await tx
        .select()
        .from(healthCertificates)
        .where(eq(healthCertificates.patientId, patientId)),
      files: await tx.select().from(attachments),
    }))

  it('reaches the server once and in order, with the files and the signature, though an answer is lost', async () => {
    const device = tablet(0)
    const { db, ctx } = device
    await cacheDisabilityCatalogues(db)
    const patient = await createPatient(db, ctx, newPatient(9_100))
    const scan = sampleFile('pdf', 120_000, 3)
    const drawn = sampleFile('png', 20_000, 4)
    const note = sampleFile('jpeg', 200_000, 5)
    const attachment = await prepareFile(new Blob([new Uint8Array(scan)]), 'st2.pdf', disabilityFiles.limits)
    const signature = await prepareFile(
      new Blob([new Uint8Array(drawn)]),
      'firma.png',
      disabilitySignatureFiles.limits,
    )
    const document = await prepareFile(new Blob([new Uint8Array(note)]), 'nota.jpg', shortHistoryFiles.limits)
    const disability = await createReport(db, ctx, DISABILITY, aDisability(patient.id), {
      files: [
        { owner: disabilityFiles, file: attachment },
        { owner: disabilitySignatureFiles, file: signature },
      ],
    })
    const report = await createReport(
      db,
      ctx,
      INCIDENT_REPORT,
      anIncidentReport(patient.id, { disability_id: disability.id }),
    )
    const history = await createReport(db, ctx, SHORT_HISTORY, aShortHistory(patient.id), {
      files: [{ owner: shortHistoryFiles, file: document }],
    })
    const entries = await db.outbox.orderBy('seq').toArray()
    const [patientCreate, disabilityCreate] = entries.map((entry) => entry.mutationId)
    // The answer to the disability's create (and whatever travelled with it) never arrives.
    device.network.faults.push(null, 'drop-response')
    expect(await device.loop.runOnce()).toMatchObject({ stoppedBy: 'backoff' })
    await device.network.settle()
    device.clock.advance(MAX_WAIT_MS)
    expect(await device.loop.runOnce()).toMatchObject({ stoppedBy: 'idle' })
    const sends = device.network.log.filter((exchange) => exchange.method !== 'GET')
    expect(sends.slice(0, 2).map((e) => [e.key, e.status, e.delivered])).toEqual([
      [patientCreate, 200, true],
      [disabilityCreate, 200, false],
    ])
    // Every entry was answered once, each after everything it depends on (the patient, the
    // disability an ST-7 links and a file's report); the lost answer's entries went again.
    const answered = sends.filter((e) => e.delivered).map((e) => e.key)
    expect([...answered].sort()).toEqual(entries.map((entry) => entry.mutationId).sort())
    for (const entry of entries) {
      for (const before of entry.dependsOn)
        expect(answered.indexOf(before)).toBeLessThan(answered.indexOf(entry.mutationId))
    }
    expect(entries.find((entry) => entry.kind === 'incidentReport.create')?.dependsOn).toEqual([
      patientCreate,
      disabilityCreate,
    ])
    expect(await db.outbox.count()).toBe(0)

    const held = await onServer(patient.id)
    expect(held.disabilities.map((row) => [row.id, row.assignedDays, row.assignedNumber])).toEqual([
      [disability.id, 14, 'LK123456'],
    ])
    expect(held.reports.map((row) => [row.id, row.disabilityId])).toEqual([[report.id, disability.id]])
    expect(held.histories.map((row) => [row.id, row.type])).toEqual([[history.id, 'return_to_work']])
    const filesOf = (ownerKind: string, ownerId: string) =>
      held.files
        .filter((file) => file.ownerKind === ownerKind && file.ownerId === ownerId)
        .map((file) => [file.id, file.mediaType, file.sha256])
    expect(filesOf('disability', disability.id)).toEqual([[attachment.id, 'application/pdf', sha256(scan)]])
    expect(filesOf('disability-signature', disability.id)).toEqual([
      [signature.id, 'image/png', sha256(drawn)],
    ])
    expect(filesOf('short-history', history.id)).toEqual([[document.id, 'image/jpeg', sha256(note)]])
    const { keys, changes } = await serverTrail(server, clinic.tenantId)
    expect(keys.filter((key) => key.status !== 'done')).toEqual([])
    expect(changes.filter((change) => change.entityId === disability.id)).toHaveLength(1)
    expect(await db.disabilities.get(disability.id)).toMatchObject({ syncState: 'synced', version: 1 })
    expect(await db.incidentReports.get(report.id)).toMatchObject({ syncState: 'synced', version: 1 })
  })

  it('sends a certificate’s amendment that keeps it as it was, and brings its history to another tablet', async () => {
    const maker = tablet(0)
    const patient = await createPatient(maker.db, maker.ctx, newPatient(9_101))
    const certificate = await createReport(maker.db, maker.ctx, HEALTH_CERTIFICATE, aCertificate(patient.id))
    expect((await maker.loop.runOnce()).stoppedBy).toBe('idle')
    await amendReport(maker.db, maker.ctx, HEALTH_CERTIFICATE, certificate.id, {
      result: 'fit',
      restrictions: null,
    })
    expect((await maker.loop.runOnce()).stoppedBy).toBe('idle')
    const held = await onServer(patient.id)
    expect(held.certificates.map((row) => [row.result, row.restrictions, row.version])).toEqual([
      ['fit', null, 2],
    ])
    const amendments = await withTenant(server.database.db, clinic.tenantId, (tx) =>
      tx
        .select()
        .from(healthCertificateAmendments)
        .where(eq(healthCertificateAmendments.reportId, certificate.id)),
    )
    const changed = {
      result: { before: 'fit_with_restrictions', after: 'fit' },
      restrictions: { before: aCertificate(patient.id).restrictions, after: null },
    }
    expect(amendments.map((row) => row.changes)).toEqual([changed])
    const other = tablet(1)
    await other.catchUp()
    const pulled = await other.db.healthCertificates.get(certificate.id)
    expect(pulled).toMatchObject({ result: 'fit', version: 2, syncState: 'synced' })
    expect(pulled?.amendments?.map((amendment) => amendment.changes)).toEqual([changed])
    expect(pulled?.author).toMatchObject({ id: maker.ctx.userId })
  })

  it('prints on the device the same four PDFs the server downloads: the certificate’s signer, the disability’s signature', async () => {
    const device = tablet(0)
    const { db, ctx } = device
    await cacheDisabilityCatalogues(db)
    const patient = await createPatient(db, ctx, newPatient(9_104, { biological_sex: 'female' }))
    const signature = await prepareFile(
      new Blob([new Uint8Array(sampleFile('png', 8_000, 6))]),
      'firma.png',
      disabilitySignatureFiles.limits,
    )
    const disability = await createReport(db, ctx, DISABILITY, aDisability(patient.id), {
      files: [{ owner: disabilitySignatureFiles, file: signature }],
    })
    const written = [
      disability,
      await createReport(db, ctx, SHORT_HISTORY, aShortHistory(patient.id)),
      await createReport(db, ctx, HEALTH_CERTIFICATE, aCertificate(patient.id)),
      await createReport(
        db,
        ctx,
        INCIDENT_REPORT,
        anIncidentReport(patient.id, { disability_id: disability.id }),
      ),
    ]
    expect((await device.loop.runOnce()).stoppedBy).toBe('idle')
    await device.catchUp()
    const auth = await cacheDocumentContext(device)
    const timeZone = 'America/Mexico_City'
    const calls = [
      [DISABILITY, db.disabilities, `/api/operation/patients/incapacities/${written[0]?.id}/download`],
      [
        SHORT_HISTORY,
        db.shortHistories,
        `/api/operation/patients/short-medical-histories/${written[1]?.id}/download`,
      ],
      [
        HEALTH_CERTIFICATE,
        db.healthCertificates,
        `/api/operation/patients/certificate-health-status/${written[2]?.id}/download`,
      ],
      [
        INCIDENT_REPORT,
        db.incidentReports,
        `/api/operation/patients/incident-reports/${written[3]?.id}/download`,
      ],
    ] as const
    for (const [index, [kind, table, path]] of calls.entries()) {
      const row = (await table.get(written[index]?.id as string)) as LocalReport<ReportRecord>
      expect(row.syncState, kind.entity).toBe('synced')
      const onDevice = await reportDocumentFromDevice(db, kind, row, 'es', timeZone)
      const answer = await device.network.fetch(`${path}?time_zone=${encodeURIComponent(timeZone)}`, {
        headers: auth,
      })
      expect(answer.status, kind.entity).toBe(200)
      expect(answer.headers.get('content-disposition')).toContain(onDevice.fileName)
      const fromServer = new Uint8Array(await answer.arrayBuffer())
      expect(pdfText(onDevice.bytes), kind.entity).toEqual(pdfText(fromServer))
      expect(Buffer.from(onDevice.bytes).equals(Buffer.from(fromServer)), kind.entity).toBe(true)
    }
    const certificate = await db.healthCertificates.get(written[2]?.id as string)
    expect(certificate?.author).toMatchObject({ title: 'Dra.', professional_license: '8123456' })
    const text = pdfText(
      (await reportDocumentFromDevice(db, HEALTH_CERTIFICATE, certificate as LocalReport<ReportRecord>, 'es'))
        .bytes,
    ).join('\n')
    expect(text).toContain('8123456')
    expect(text).toContain('Apto con restricciones')
  })

  it('pulls the reports an older app skipped once upgraded, keeping its unsent patient', async () => {
    const other = tablet(1)
    const patient = await createPatient(other.db, other.ctx, newPatient(9_102))
    const history = await createReport(other.db, other.ctx, SHORT_HISTORY, aShortHistory(patient.id))
    expect((await other.loop.runOnce()).stoppedBy).toBe('idle')

    // An app of version 17 heard the whole feed but kept no report, and holds a patient it has
    // not sent. Its database is written before the new app first opens it.
    const upgraded = tablet(0)
    const scratch = tablet(0)
    const unsent = await createPatient(scratch.db, scratch.ctx, newPatient(9_103))
    const [entry] = await scratch.db.outbox.toArray()
    const old = new Dexie(upgraded.db.name)
    old.version(17).stores({
      patients: 'id, curp, [sortName+id]',
      meta: 'key',
      outbox: '++seq, &mutationId, status, entityId, [status+seq], *dependsOn',
      shadows: '[entity+id]',
    })
    await old.table('meta').put({ key: 'pull.cursor', value: await feedEnd(server, clinic.tenantId) })
    await old.table('patients').put(unsent)
    await old
      .table('outbox')
      .add({ ...entry, seq: undefined, userId: upgraded.ctx.userId, tenant: upgraded.ctx.tenant })
    old.close()

    await upgraded.catchUp()
    expect(await upgraded.db.shortHistories.get(history.id)).toMatchObject({
      patient_id: patient.id,
      amendments: [],
      syncState: 'synced',
    })
    expect((await upgraded.loop.runOnce()).stoppedBy).toBe('idle')
    const sent = await withTenant(server.database.db, clinic.tenantId, (tx) =>
      tx.select({ id: patients.id }).from(patients).where(eq(patients.id, unsent.id)),
    )
    expect(sent).toHaveLength(1)
    expect(await upgraded.db.outbox.count()).toBe(0)
  })
})
