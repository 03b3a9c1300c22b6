import Dexie from 'dexie'
import { afterEach, describe, expect, it } from 'vitest'
import { installedVersion, rememberInstalledVersion } from './installed-version'
import {
  currentSchema,
  type LocalDb,
  type LocalPatient,
  localDbName,
  type OutboxEntry,
  openLocalDb,
} from './local-db'

const patient = (id: string): LocalPatient => ({
  id,
  curp: 'PEGJ900512HJCRRS04',
  payroll_number: 'N010001',
  name: 'Juan',
  last_name: 'Pérez',
  second_last_name: 'García',
  version: 1,
  updated_at: '2026-11-22T10:00:00.000Z',
  deleted_at: null,
  syncState: 'pending',
})

const entryFor = (entityId: string): OutboxEntry => ({
  mutationId: `m-${entityId}`,
  userId: 'nurse-1',
  tenant: 'demo',
  kind: 'patient.create',
  entity: 'patient',
  entityId,
  method: 'POST',
  path: '/api/operation/patients/create',
  body: { id: entityId },
  baseVersion: null,
  dependsOn: [],
  status: 'pending',
  attempts: 0,
  nextAttemptAt: 0,
  lastError: null,
  createdAt: '2026-11-22T10:00:00.000Z',
})

describe('the local database', () => {
  const opened: LocalDb[] = []
  const open = (tenant: string, userId: string) => {
    const db = openLocalDb({ tenant, userId })
    opened.push(db)
    return db
  }
  afterEach(async () => {
    for (const db of opened.splice(0)) await db.delete()
  })

  it('gives every user of every tenant a database of their own', async () => {
    const nurse = open('demo', 'nurse-1')
    const doctor = open('demo', 'doctor-1')
    await nurse.patients.add(patient('p1'))
    expect(nurse.name).toBe(localDbName('demo', 'nurse-1'))
    expect(await doctor.patients.count()).toBe(0)
    expect(await open('acme', 'nurse-1').patients.count()).toBe(0)
  })

  it('has version 26 with the tables and indexes of DESIGN §5, the catalogs, the self-tracking range index, the tenant catalogues, the patient list’s order, the simple catalogues, the consultations, the files, the COVID triage and its list’s summary, the vaccination records, the occupational exams, the form drafts the due list’s summary, the medical reports the consultations by instant, the dashboard’s summaries (with the exam due day), the notes of records opened offline and the months’ packings', async () => {
    const db = open('demo', 'u1')
    await db.open()
    expect(db.verno).toBe(26)
    expect(db.tables.map((t) => t.name).sort()).toEqual([
      'admissionExams',
      'catalogItems',
      'catalogueEntries',
      'conflicts',
      'covidConsultations',
      'covidDeclines',
      'covidReclassifications',
      'covidTests',
      'dashboardConsultationChanges',
      'dashboardConsultationPacks',
      'dashboardConsultations',
      'dashboardSummaries',
      'dashboardSummaryChanges',
      'dashboardSummaryPacks',
      'diagnoses',
      'disabilities',
      'encounters',
      'files',
      'formDrafts',
      'healthCertificates',
      'incidentReports',
      'localities',
      'medicines',
      'meta',
      'municipalities',
      'outbox',
      'patients',
      'periodicExamSummaries',
      'periodicExamSummaryChanges',
      'periodicExamSummaryPacks',
      'periodicExams',
      'readings',
      'recordOpenings',
      'recordSections',
      'rejections',
      'shadows',
      'shortHistories',
      'specialLabels',
      'triageSummaries',
      'vaccinationRecords',
      'vaccinationSummaries',
      'vaccinationSummaryChanges',
      'vaccinationSummaryPacks',
    ])
    // A patient's card by patient, every patient's records in patient order for the due dates.
    expect(db.vaccinationRecords.schema.indexes.map((i) => i.name)).toEqual(
      expect.arrayContaining(['patient_id', '[patient_id+applied_on]', 'vaccine_id', 'syncState']),
    )
    // A patient's exams newest first; the due list reads its summary, not the exams (version 17).
    for (const exams of [db.periodicExams, db.admissionExams]) {
      expect(exams.schema.indexes.map((i) => i.name)).toEqual(
        expect.arrayContaining(['patient_id', '[patient_id+examined_on]', 'syncState']),
      )
    }
    expect(db.periodicExams.schema.indexes.map((i) => i.name)).not.toContain(
      '[patient_id+examined_on+condition]',
    )
    expect(db.periodicExamSummaries.schema.primKey.name).toBe('patient_id')
    // The dashboard reads its summary whole, packed (issue 24).
    expect(db.dashboardSummaries.schema.primKey.name).toBe('patient_id')
    expect(db.dashboardConsultations.schema.indexes.map((i) => i.name)).toEqual(
      expect.arrayContaining(['patient_id', 'month']),
    )
    expect(db.dashboardConsultationPacks.schema.primKey.name).toBe('month')
    // Which months are held parsed, from the keys alone (version 26).
    expect(db.dashboardConsultationPacks.schema.indexes.map((i) => i.name)).toEqual(['[month+packing]'])
    // A patient's medical reports newest first (issue 23); the disabilities also by the days
    // they cover, the ST-7 by the disability it links.
    for (const [reports, day] of [
      [db.shortHistories, 'recorded_on'],
      [db.healthCertificates, 'issued_on'],
      [db.disabilities, 'start_date'],
      [db.incidentReports, 'occurred_on'],
    ] as const) {
      expect(reports.schema.indexes.map((i) => i.name)).toEqual(
        expect.arrayContaining(['patient_id', `[patient_id+${day}]`, 'syncState']),
      )
    }
    expect(db.disabilities.schema.indexes.map((i) => i.name)).toEqual(
      expect.arrayContaining(['start_date', 'end_date']),
    )
    expect(db.incidentReports.schema.indexes.map((i) => i.name)).toContain('disability_id')
    expect(db.formDrafts.schema.primKey.name).toBe('key')
    expect(db.formDrafts.schema.indexes.map((i) => i.name)).toContain('patient_id')
    expect(db.recordSections.schema.indexes.map((i) => i.name)).toEqual(
      expect.arrayContaining(['patient_id', '[patient_id+section]', 'syncState']),
    )
    // A patient's consultation history, newest first (issue 19); a period's over every patient,
    // for the affected systems' index (issue 24, version 21).
    expect(db.encounters.schema.indexes.map((i) => i.name)).toEqual(
      expect.arrayContaining(['patient_id', '[patient_id+started_at]', 'started_at', 'syncState']),
    )
    // A patient's triage records in time order (issue 20).
    expect(db.covidConsultations.schema.indexes.map((i) => i.name)).toEqual(
      expect.arrayContaining(['patient_id', '[patient_id+consulted_at]']),
    )
    expect(db.covidReclassifications.schema.indexes.map((i) => i.name)).toContain(
      '[patient_id+reclassified_at]',
    )
    expect(db.covidDeclines.schema.indexes.map((i) => i.name)).toContain('[patient_id+declined_at]')
    expect(db.covidTests.schema.indexes.map((i) => i.name)).toContain('[patient_id+date]')
    // The triage list's order, its filters and its counts (decision 0025).
    expect(db.triageSummaries.schema.primKey.name).toBe('patient_id')
    expect(db.triageSummaries.schema.indexes.map((i) => i.name)).toEqual([
      '[rank+recency+patient_id]',
      '[status+rank+recency+patient_id]',
      '[classification+recency+patient_id]',
      '[status+classification+recency+patient_id]',
      '[status+classification]',
      '[declined+classification]',
    ])
    // The vaccination index reads its summary whole (issue 21): by its key alone.
    expect(db.vaccinationSummaries.schema.primKey.name).toBe('patient_id')
    expect(db.vaccinationSummaries.schema.indexes).toEqual([])
    expect(db.vaccinationSummaryChanges.schema.indexes).toEqual([])
    expect(db.vaccinationSummaryPacks.schema.indexes).toEqual([])
    // Only what is read by index: every other index would be written with each row for nothing.
    expect(db.patients.schema.indexes.map((i) => i.name)).toEqual(['curp', '[sortName+id]'])
    expect(db.readings.schema.indexes.map((i) => i.name)).toEqual(
      expect.arrayContaining([
        'patient_id',
        '[patient_id+taken_at]',
        '[patient_id+kind+taken_at]',
        'kind',
        'syncState',
      ]),
    )
    expect(db.shadows.schema.primKey.name).toBe('[entity+id]')
    expect(db.outbox.schema.primKey.auto).toBe(true)
    expect(db.outbox.schema.indexes.find((i) => i.name === 'mutationId')?.unique).toBe(true)
    expect(db.outbox.schema.indexes.find((i) => i.name === 'dependsOn')?.multi).toBe(true)
    expect(db.outbox.schema.indexes.map((i) => i.name)).toEqual(
      expect.arrayContaining(['status', 'entityId', '[status+seq]']),
    )
    expect(db.rejections.schema.primKey.auto).toBe(true)
    expect(db.catalogItems.schema.primKey.name).toBe('[list+code]')
    expect(db.municipalities.schema.indexes.map((i) => i.name)).toContain('federal_entity_code')
    expect(db.localities.schema.indexes.map((i) => i.name)).toContain(
      '[federal_entity_code+municipality_code]',
    )
    expect(db.diagnoses.schema.primKey.name).toBe('code')
    // Files by their record, by patient, and by last use (the cache's eviction, decision 0023).
    expect(db.files.schema.indexes.map((i) => i.name)).toEqual([
      '[owner_kind+owner_id]',
      'patient_id',
      'lastUsedAt',
    ])
  })

  it('opens a database made by version 2 and keeps its patients and queue', async () => {
    const name = localDbName('demo', 'u-upgrade-2')
    const old = new Dexie(name)
    old.version(2).stores({
      patients: 'id, curp, payroll_number, last_name, updated_at, syncState',
      readings: 'id, patient_id, [patient_id+taken_at], kind, syncState',
      shadows: '[entity+id]',
      outbox: '++seq, &mutationId, status, entityId, [status+seq], *dependsOn',
      conflicts: '++id, [entity+entityId]',
      rejections: '++id, entityId, at',
      meta: 'key',
    })
    await old.table('patients').add(patient('p9'))
    await old.table('outbox').add(entryFor('p9'))
    old.close()
    const db = open('demo', 'u-upgrade-2')
    expect(await db.patients.get('p9')).toMatchObject({ curp: 'PEGJ900512HJCRRS04' })
    expect(await db.patients.where('curp').equals('PEGJ900512HJCRRS04').count()).toBe(1)
    expect(await db.outbox.where('entityId').equals('p9').count()).toBe(1)
    expect(await db.diagnoses.count()).toBe(0)
    expect(await db.specialLabels.count()).toBe(0)
    expect(await db.medicines.count()).toBe(0)
  })

  it('gives the patients a database of version 7 held their sort names, except the deleted ones', async () => {
    const name = localDbName('demo', 'u-upgrade-7')
    const old = new Dexie(name)
    old.version(7).stores({
      patients: 'id, curp',
      readings: 'id, patient_id, [patient_id+taken_at], [patient_id+kind+taken_at], kind, syncState',
      recordSections: 'id, patient_id, [patient_id+section], syncState',
      shadows: '[entity+id]',
      outbox: '++seq, &mutationId, status, entityId, [status+seq], *dependsOn',
      conflicts: '++id, [entity+entityId]',
      rejections: '++id, entityId, at',
      meta: 'key',
      catalogItems: '[list+code], list',
      municipalities: '[federal_entity_code+code], federal_entity_code',
      localities: '[federal_entity_code+municipality_code+code], [federal_entity_code+municipality_code]',
      diagnoses: 'code',
      specialLabels: 'id',
      medicines: 'id, name',
    })
    await old.table('patients').bulkAdd([
      { ...patient('p1'), name: 'Zoé' },
      { ...patient('p2'), name: 'Ángel' },
      { ...patient('p3'), name: 'Beto', deleted_at: '2026-11-22T10:00:00.000Z' },
    ])
    old.close()
    const db = open('demo', 'u-upgrade-7')
    const listed = await db.patients.orderBy('[sortName+id]').toArray()
    expect(listed.map((p) => [p.id, p.sortName])).toEqual([
      ['p2', 'angel perez garcia'],
      ['p1', 'zoe perez garcia'],
    ])
    expect(await db.patients.count()).toBe(3)
  })

  it('fetches the reference lists again once on version 12, to hold the COVID lists with them', async () => {
    const name = localDbName('demo', 'u-upgrade-11')
    const old = new Dexie(name)
    old.version(11).stores({
      patients: 'id, curp, [sortName+id]',
      meta: 'key',
      catalogItems: '[list+code], list',
    })
    await old.table('meta').bulkAdd([
      { key: 'catalog.version.reference-lists', value: { version: 4, lang: 'es' } },
      { key: 'catalog.version.diagnoses', value: { version: 2, lang: 'es' } },
    ])
    await old.table('catalogItems').add({ list: 'genders', code: 'female', position: 0, data: {} })
    old.close()
    const db = open('demo', 'u-upgrade-11')
    expect(await db.meta.get('catalog.version.reference-lists')).toBeUndefined()
    expect(await db.meta.get('catalog.version.diagnoses')).toBeDefined()
    // The lists held stay usable until the refresh replaces them.
    expect(await db.catalogItems.count()).toBe(1)
    expect(await db.covidConsultations.count()).toBe(0)
  })

  it('pulls the feed again from the start on version 14, keeping the unsent queue and its rows', async () => {
    const name = localDbName('demo', 'u-upgrade-13')
    const old = new Dexie(name)
    old.version(13).stores({
      patients: 'id, curp, [sortName+id]',
      meta: 'key',
      outbox: '++seq, &mutationId, status, entityId, [status+seq], *dependsOn',
    })
    // Version 13 skipped the feed's vaccination records and moved its cursor past them.
    await old.table('meta').bulkAdd([
      { key: 'pull.cursor', value: '812.40' },
      { key: 'catalog.version.diagnoses', value: { version: 2, lang: 'es' } },
    ])
    await old.table('patients').add(patient('p-unsent'))
    await old.table('outbox').add(entryFor('p-unsent'))
    old.close()
    const db = open('demo', 'u-upgrade-13')
    expect(await db.meta.get('pull.cursor')).toBeUndefined()
    expect(await db.meta.get('catalog.version.diagnoses')).toBeDefined()
    expect((await db.outbox.toArray()).map((entry) => [entry.entityId, entry.status])).toEqual([
      ['p-unsent', 'pending'],
    ])
    expect(await db.patients.get('p-unsent')).toMatchObject({ syncState: 'pending' })
    expect(await db.vaccinationRecords.count()).toBe(0)
    expect(await db.periodicExams.count()).toBe(0)
  })

  it('pulls the feed again from the start on version 18, keeping the unsent queue and the reports held', async () => {
    const name = localDbName('demo', 'u-upgrade-17')
    const old = new Dexie(name)
    old.version(17).stores({
      patients: 'id, curp, [sortName+id]',
      meta: 'key',
      outbox: '++seq, &mutationId, status, entityId, [status+seq], *dependsOn',
      vaccinationRecords: 'id, patient_id, [patient_id+applied_on], vaccine_id, syncState',
    })
    // Version 17 skipped the feed's medical reports and moved its cursor past them.
    await old.table('meta').bulkAdd([
      { key: 'pull.cursor', value: '990.12' },
      { key: 'catalog.version.diagnoses', value: { version: 2, lang: 'es' } },
    ])
    await old.table('patients').add(patient('p-unsent'))
    await old.table('outbox').add(entryFor('p-unsent'))
    await old
      .table('vaccinationRecords')
      .add({ id: 'v1', patient_id: 'p-unsent', version: 1, syncState: 'synced' })
    old.close()
    const db = open('demo', 'u-upgrade-17')
    expect(await db.meta.get('pull.cursor')).toBeUndefined()
    expect(await db.meta.get('catalog.version.diagnoses')).toBeDefined()
    expect((await db.outbox.toArray()).map((entry) => [entry.entityId, entry.status])).toEqual([
      ['p-unsent', 'pending'],
    ])
    expect(await db.patients.get('p-unsent')).toMatchObject({ syncState: 'pending' })
    expect(await db.vaccinationRecords.get('v1')).toBeDefined()
    for (const reports of [db.shortHistories, db.healthCertificates, db.disabilities, db.incidentReports]) {
      expect(await reports.count()).toBe(0)
    }
  })

  it('keeps every patient’s sort name in step with its name, whoever writes it', async () => {
    const db = open('demo', 'u-sort')
    const written = { ...patient('p1'), name: 'Íñigo' }
    await db.patients.add(written)
    // The writer's object is left as it was.
    expect(written.sortName).toBeUndefined()
    expect((await db.patients.get('p1'))?.sortName).toBe('in\u007figo perez garcia')
    await db.patients.update('p1', { name: 'Ana' })
    expect((await db.patients.get('p1'))?.sortName).toBe('ana perez garcia')
    await db.patients.bulkPut([{ ...patient('p2'), name: 'Beto' }])
    await db.patients.where('id').equals('p2').modify({ last_name: 'Álvarez' })
    expect((await db.patients.get('p2'))?.sortName).toBe('beto alvarez garcia')
    // A deleted row leaves the list's index; the count of the list is the index's count.
    await db.patients.update('p1', { deleted_at: '2026-11-22T10:00:00.000Z' })
    expect((await db.patients.get('p1'))?.sortName).toBeUndefined()
    expect(await db.patients.orderBy('[sortName+id]').count()).toBe(1)
  })

  /** The tables and indexes IndexedDB holds for a database, read by a Dexie that declares nothing. */
  async function installedSchema(name: string) {
    const reader = new Dexie(name)
    await reader.open()
    const schema = reader.tables
      .map((table) => ({
        table: table.name,
        key: table.schema.primKey.src,
        indexes: table.schema.indexes.map((index) => index.src).sort(),
      }))
      .sort((a, b) => a.table.localeCompare(b.table))
    reader.close()
    return schema
  }
  /** How many versions a database declared (Dexie's own list: no public call tells). */
  const declaredVersions = (db: LocalDb) => (db as unknown as { _versions: unknown[] })._versions.length

  it('declares the last version alone once the database has been opened at it, with the tables and indexes the whole history gives', async () => {
    const name = localDbName('demo', 'u-schema')
    const first = open('demo', 'u-schema')
    await first.open()
    expect(declaredVersions(first)).toBeGreaterThan(1)
    expect(installedVersion(name)).toBe(currentSchema().version)
    const byHistory = await installedSchema(name)
    await first.patients.add(patient('p5'))
    first.close()

    // Opened again: one version declared, the rows as they were.
    const again = open('demo', 'u-schema')
    expect((await again.patients.get('p5'))?.sortName).toBe('juan perez garcia')
    expect(declaredVersions(again)).toBe(1)
    expect(again.verno).toBe(currentSchema().version)
    await again.delete()

    // A database made anew from the last version alone holds the same tables and indexes.
    expect(installedVersion(name)).toBe(currentSchema().version)
    const made = open('demo', 'u-schema')
    await made.open()
    expect(declaredVersions(made)).toBe(1)
    made.close()
    expect(await installedSchema(name)).toEqual(byHistory)
  })

  it('fails the open of a database older than its stored version without changing it, then upgrades it at the next open', async () => {
    const name = localDbName('demo', 'u-stale')
    const old = new Dexie(name)
    old.version(7).stores({
      patients: 'id, curp',
      shadows: '[entity+id]',
      outbox: '++seq, &mutationId, status, entityId, [status+seq], *dependsOn',
      conflicts: '++id, [entity+entityId]',
      meta: 'key',
    })
    await old.table('patients').add(patient('p6'))
    old.close()
    rememberInstalledVersion(name, currentSchema().version)

    const stale = open('demo', 'u-stale')
    await expect(stale.open()).rejects.toThrow(/older than its stored version/)
    expect(installedVersion(name)).toBeNull()
    stale.close()
    const untouched = new Dexie(name)
    await untouched.open()
    expect(untouched.verno).toBe(7)
    untouched.close()

    const db = open('demo', 'u-stale')
    expect(await db.patients.orderBy('[sortName+id]').primaryKeys()).toEqual(['p6'])
    expect(db.verno).toBe(currentSchema().version)
    expect(installedVersion(name)).toBe(currentSchema().version)
  })

  it('opens a database made by version 1 and keeps its queue', async () => {
    const name = localDbName('demo', 'u-upgrade')
    const old = new Dexie(name)
    old.version(1).stores({
      patients: 'id, curp, payrollNumber, lastName, updatedAt, syncState',
      shadows: '[entity+id]',
      outbox: '++seq, &mutationId, status, entityId, [status+seq]',
      conflicts: '++id, [entity+entityId]',
      meta: 'key',
    })
    await old.table('outbox').add(entryFor('p0'))
    old.close()
    const db = open('demo', 'u-upgrade')
    expect(await db.outbox.where('dependsOn').equals('nothing').count()).toBe(0)
    expect(await db.outbox.where('entityId').equals('p0').count()).toBe(1)
    expect(await db.readings.count()).toBe(0)
    expect(await db.recordSections.count()).toBe(0)
  })

  it('writes a row and its outbox entry together', async () => {
    const db = open('demo', 'u2')
    await db.transaction('rw', db.patients, db.outbox, async () => {
      await db.patients.add(patient('p2'))
      await db.outbox.add(entryFor('p2'))
    })
    expect(await db.patients.get('p2')).toMatchObject({ syncState: 'pending' })
    expect(await db.outbox.where('status').equals('pending').count()).toBe(1)
  })

  it('leaves neither the row nor the entry when the transaction aborts', async () => {
    const db = open('demo', 'u3')
    const write = db.transaction('rw', db.patients, db.outbox, async () => {
      await db.patients.add(patient('p3'))
      await db.outbox.add(entryFor('p3'))
      throw new Error('quota exceeded halfway')
    })
    await expect(write).rejects.toThrow('quota exceeded halfway')
    expect(await db.patients.count()).toBe(0)
    expect(await db.outbox.count()).toBe(0)
  })

  it('orders the outbox by its local sequence', async () => {
    const db = open('demo', 'u4')
    await db.outbox.bulkAdd([entryFor('a'), entryFor('b'), entryFor('c')])
    const pending = await db.outbox
      .where('[status+seq]')
      .between(['pending', 0], ['pending', Infinity])
      .toArray()
    expect(pending.map((e) => e.entityId)).toEqual(['a', 'b', 'c'])
  })
})
