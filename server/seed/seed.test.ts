import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callDurationProblem } from '../../src/contract/rules/call-duration'
import { isValidCurp } from '../../src/contract/rules/curp'
import { isValidNss } from '../../src/contract/rules/nss'
import { examDue } from '../../src/contract/rules/periodic-exam-due'
import { ALL_PERMISSIONS } from '../../src/contract/rules/permissions'
import { vaccinationDue } from '../../src/contract/rules/vaccination-due'
import { CreateAdmissionExamRequest } from '../../src/contract/schemas/admission-exams'
import { CATALOG_NAMES } from '../../src/contract/schemas/catalogs'
import {
  catalogueNamed,
  entrySchema,
  type VaccinationSchemeDetails,
  type VaccineDetails,
} from '../../src/contract/schemas/catalogue-definitions'
import {
  CreateTriageConsultationRequest,
  type TriageFields,
  triageOf,
} from '../../src/contract/schemas/covid'
import { UpdateEncounterRequest } from '../../src/contract/schemas/encounters'
import { openTestDatabase } from '../../tests/fixtures/database'
import { type Database, withTenant } from '../db/client'
import {
  admissionExams,
  affectedSystems,
  bloodPressureRanges,
  catalogueEntries,
  catalogVersions,
  changeLog,
  covidTests,
  diagnoses,
  encounterAmendments,
  encounters,
  federalEntities,
  landlordUsers,
  medicinePresentations,
  medicines,
  municipalities,
  patients,
  periodicExams,
  referenceItems,
  rolePermissions,
  roles,
  specialLabels,
  specialSublabels,
  tenants,
  triageConsultations,
  triageReclassifications,
  users,
} from '../db/schema'
import { presentConsultation } from '../modules/covid/triage'
import { fieldsOf as admissionFieldsOf } from '../modules/operation/admission-exams'
import { presentEncounter } from '../modules/operation/encounters'
import { verifyPassword } from '../platform/passwords'
import { DEMO_PASSWORD, DEMO_USERS } from './demo'
import { demoSignInLines, seedOnFirstStart } from './index'

describe('demo seed', () => {
  let database: Database
  let tenantId: string
  let firstRun: { demoCreated: boolean }

  beforeAll(async () => {
    database = await openTestDatabase()
    firstRun = await seedOnFirstStart(database.db)
    const [demo] = await database.db.select().from(tenants).where(eq(tenants.slug, 'demo'))
    tenantId = demo?.id ?? ''
  }, 120_000)
  afterAll(() => database.close())

  const inDemo = <T>(work: Parameters<typeof withTenant<T>>[2]) => withTenant(database.db, tenantId, work)

  it('creates the demo tenant, and its accounts print with the addresses the server really has', () => {
    expect(tenantId).not.toBe('')
    expect(firstRun.demoCreated).toBe(true)
    const lines = demoSignInLines({
      tenant: 'http://demo.localhost:3456',
      landlord: 'http://admin.localhost:3456',
    })
    expect(lines.join('\n')).toContain('http://demo.localhost:3456  patient@demo.localhost')
    expect(lines.join('\n')).toContain('http://admin.localhost:3456  root@admin.localhost')
    expect(lines.join('\n')).toContain(DEMO_PASSWORD)
    expect(lines.join('\n')).not.toContain('<port>')
  })

  it('creates 200 patients with valid, unique CURPs and NSS and real place codes', async () => {
    const rows = await inDemo((tx) => tx.select().from(patients))
    expect(rows).toHaveLength(200)
    expect(rows.every((p) => isValidCurp(p.curp))).toBe(true)
    expect(rows.every((p) => p.nss !== null && isValidNss(p.nss))).toBe(true)
    expect(new Set(rows.map((p) => p.curp)).size).toBe(200)
    const places = await database.db.select().from(municipalities)
    const known = new Set(places.map((m) => `${m.federalEntityCode}-${m.code}`))
    expect(rows.every((p) => known.has(`${p.addressStateCode}-${p.addressMunicipalityCode}`))).toBe(true)
  })

  it('gives each listed account its intended profile, and the password Demo1234!', async () => {
    const accounts = await inDemo((tx) =>
      tx
        .select({ email: users.email, hash: users.passwordHash, code: roles.code, roleType: roles.roleType })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId)),
    )
    for (const expected of DEMO_USERS) {
      expect(accounts.find((a) => a.email === expected.email)?.code, expected.email).toBe(expected.profile)
    }
    expect(accounts.find((a) => a.email === 'doctor@demo.localhost')?.roleType).toBe('health_professional')
    expect(accounts.find((a) => a.email === 'admin@demo.localhost')?.roleType).toBe('administrator')
    expect(await verifyPassword(accounts[0]?.hash ?? '', DEMO_PASSWORD)).toBe(true)
    const [root] = await database.db.select().from(landlordUsers)
    expect(root?.email).toBe('root@admin.localhost')
  })

  it('links the patient account to its patient record', async () => {
    const [account] = await inDemo((tx) =>
      tx.select().from(users).where(eq(users.email, 'patient@demo.localhost')),
    )
    const [record] = await inDemo((tx) =>
      tx
        .select()
        .from(patients)
        .where(eq(patients.userId, account?.id ?? '')),
    )
    expect(account?.patientId).toBe(record?.id)
  })

  it('gives the superuser profile every permission', async () => {
    const granted = await inDemo((tx) =>
      tx
        .select({ permission: rolePermissions.permission })
        .from(rolePermissions)
        .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
        .where(eq(roles.code, 'superuser')),
    )
    expect(granted.map((g) => g.permission).sort()).toEqual([...ALL_PERMISSIONS].sort())
  })

  it('loads the reference lists a patient registration needs', async () => {
    expect(await database.db.select().from(federalEntities)).toHaveLength(33)
    const lists = new Set((await database.db.select().from(referenceItems)).map((i) => i.list))
    expect([...lists]).toEqual(
      expect.arrayContaining([
        'administrative-statuses',
        'marital-statuses',
        'genders',
        'examination-frequencies',
      ]),
    )
  })

  it('loads the ICD-10 package, the affected systems and the blood-pressure ranges, each catalog at version 1', async () => {
    expect(await database.db.$count(diagnoses)).toBe(14_204)
    expect(await database.db.$count(affectedSystems)).toBe(12)
    expect(await database.db.$count(bloodPressureRanges)).toBe(5)
    const versions = await database.db.select().from(catalogVersions)
    expect(versions.map((v) => v.catalog).sort()).toEqual([...CATALOG_NAMES].sort())
    expect(versions.every((v) => v.version === 1)).toBe(true)
  })

  it('gives the demo tenant special labels with sublabels and medicines with presentations, and labels some patients', async () => {
    const labels = await inDemo((tx) => tx.select().from(specialLabels))
    const sublabels = await inDemo((tx) => tx.select().from(specialSublabels))
    expect(labels.length).toBeGreaterThanOrEqual(3)
    expect(labels.every((label) => sublabels.some((s) => s.specialLabelId === label.id))).toBe(true)
    const presentations = await inDemo((tx) => tx.select().from(medicinePresentations))
    const medicineRows = await inDemo((tx) => tx.select().from(medicines))
    expect(medicineRows.length).toBeGreaterThanOrEqual(3)
    expect(medicineRows.every((m) => presentations.some((p) => p.medicineId === m.id))).toBe(true)
    const labelled = (await inDemo((tx) => tx.select().from(patients))).filter(
      (p) => p.specialSublabelIds.length > 0,
    )
    expect(labelled.length).toBeGreaterThan(10)
    const known = new Set(sublabels.map((s) => s.id))
    expect(labelled.every((p) => p.specialSublabelIds.every((id) => known.has(id)))).toBe(true)
  })

  it('gives a good share of the demo patients consultations the contract accepts, from the demo catalogues', async () => {
    const rows = await inDemo((tx) => tx.select().from(encounters))
    expect(new Set(rows.map((row) => row.patientId)).size).toBeGreaterThanOrEqual(50)
    const codes = new Set(
      (await inDemo((tx) => tx.select().from(catalogueEntries)))
        .filter((entry) => entry.catalogue === 'diagnostics')
        .map((entry) => entry.code),
    )
    const medicineIds = new Set((await inDemo((tx) => tx.select().from(medicines))).map((m) => m.id))
    for (const row of rows) {
      const { id, patient_id, prescriber, bmi, version, created_at, updated_at, deleted_at, ...fields } =
        presentEncounter(row, null)
      expect(v.safeParse(UpdateEncounterRequest, fields).issues, id).toBeUndefined()
      expect(callDurationProblem(fields.modality, fields.call_duration), id).toBeNull()
      expect(
        fields.diagnoses.every((d) => codes.has(d.code)),
        id,
      ).toBe(true)
      expect(
        fields.prescription.every((line) => medicineIds.has(line.medicine_id)),
        id,
      ).toBe(true)
      expect(Date.parse(fields.started_at)).toBeLessThan(Date.now())
    }
    expect(rows.filter((row) => row.prescription.length > 0).length).toBeGreaterThan(20)
    expect(rows.some((row) => row.modality === 'remote')).toBe(true)
    const amended = rows.filter((row) => row.version === 2)
    const amendments = await inDemo((tx) => tx.select().from(encounterAmendments))
    expect(amended.length).toBeGreaterThan(0)
    expect(amendments.map((a) => a.encounterId).sort()).toEqual(amended.map((row) => row.id).sort())
    const noted = (await inDemo((tx) => tx.select().from(changeLog))).filter((c) => c.entity === 'encounter')
    expect(noted.map((c) => c.entityId).sort()).toEqual(rows.map((row) => row.id).sort())
  })

  it('follows about three demo patients in ten with triages the contract and the rule accept', async () => {
    const rows = await inDemo((tx) => tx.select().from(triageConsultations))
    const people = new Map((await inDemo((tx) => tx.select().from(patients))).map((p) => [p.id, p.birthDate]))
    const followed = new Set(rows.map((row) => row.patientId))
    // The demo's patient account sees a follow-up of its own on /patient/covid.
    const [account] = await inDemo((tx) =>
      tx.select().from(users).where(eq(users.email, 'patient@demo.localhost')),
    )
    expect(followed.has(account?.patientId ?? '')).toBe(true)
    expect(followed.size).toBeGreaterThanOrEqual(people.size * 0.25)
    expect(followed.size).toBeLessThanOrEqual(people.size * 0.35)
    for (const row of rows) {
      const {
        id,
        patient_id,
        bmi,
        news2_score,
        chosen_classification,
        reclassification_id,
        author,
        version,
        created_at,
        updated_at,
        ...fields
      } = presentConsultation(row, null)
      const request = v.safeParse(CreateTriageConsultationRequest, {
        ...fields,
        id,
        classification: chosen_classification,
      })
      expect(request.issues, id).toBeUndefined()
      const triage = triageOf(fields as unknown as TriageFields, people.get(patient_id) ?? null)
      expect([triage.classification, triage.total], id).toEqual([row.proposedClassification, news2_score])
      expect(Date.parse(fields.consulted_at)).toBeLessThan(Date.now())
    }
    expect(new Set(rows.map((row) => row.classification)).size).toBeGreaterThanOrEqual(3)
    expect(rows.some((row) => row.chosenClassification !== row.proposedClassification)).toBe(true)
    const reclassified = await inDemo((tx) => tx.select().from(triageReclassifications))
    expect(reclassified.length).toBeGreaterThan(0)
    for (const change of reclassified) {
      const overwritten = rows.find((row) => row.id === change.consultationId)
      expect(overwritten).toMatchObject({
        classification: change.classification,
        reclassificationId: change.id,
        version: 2,
      })
    }
    expect((await inDemo((tx) => tx.select().from(covidTests))).length).toBeGreaterThan(0)
    const noted = (await inDemo((tx) => tx.select().from(changeLog))).filter(
      (c) => c.entity === 'covid-consultation',
    )
    expect(new Set(noted.map((c) => c.entityId))).toEqual(new Set(rows.map((row) => row.id)))
  })

  it('gives the demo tenant the Mexican adult vaccination scheme the contract and the due-date rule accept', async () => {
    const rows = await inDemo((tx) => tx.select().from(catalogueEntries))
    const vaccines = rows.filter((row) => row.catalogue === 'vaccination-records')
    const scheme = rows.filter((row) => row.catalogue === 'vaccination-scheme')
    expect(vaccines.map((row) => row.name)).toEqual(
      expect.arrayContaining(['Td', 'Hepatitis B', 'Influenza estacional', 'SARS-CoV-2', 'SR']),
    )
    for (const row of vaccines) {
      expect(
        v.safeParse(entrySchema(catalogueNamed('vaccination-records')), {
          name: row.name,
          details: row.details,
        }).success,
      ).toBe(true)
    }
    for (const row of scheme) {
      const parsed = v.safeParse(entrySchema(catalogueNamed('vaccination-scheme')), {
        name: row.name,
        parent_id: row.parentId,
        details: row.details,
      })
      expect(parsed.success, row.name).toBe(true)
      expect(vaccines.some((vaccine) => vaccine.id === row.parentId)).toBe(true)
    }
    const health = rows.find((row) => row.catalogue === 'subgroups.items' && row.name === 'Servicio médico')
    const maintenance = rows.find(
      (row) => row.catalogue === 'subgroups.items' && row.name === 'Mantenimiento',
    )
    const due = (birthDate: string, subgroups: string[]) =>
      vaccinationDue(
        vaccines.map((row) => {
          const details = row.details as VaccineDetails
          return {
            id: row.id,
            doses: details.doses,
            intervalDays: details.interval_days,
            boosterIntervalDays: details.booster_interval_days,
          }
        }),
        scheme.map((row) => {
          const details = row.details as VaccinationSchemeDetails
          return {
            vaccineId: row.parentId ?? '',
            doses: details.doses,
            ageFrom: details.age_from,
            ageTo: details.age_to,
            sex: details.sex,
            subgroups: details.subgroups,
            risks: details.risks,
          }
        }),
        { birthDate, sex: 'female', subgroups, risks: [] },
        [],
        '2026-11-26',
      ).vaccines.map((entry) => vaccines.find((row) => row.id === entry.vaccineId)?.name)
    // Neumococo from 65; hepatitis B for health staff; Td for maintenance even under 20.
    expect(due('1960-01-10', [])).toContain('Neumococo polisacárida 23 serotipos')
    expect(due('1970-01-10', [])).not.toContain('Neumococo polisacárida 23 serotipos')
    expect(due('1990-01-10', [health?.id ?? ''])).toContain('Hepatitis B')
    expect(due('1990-01-10', [])).not.toContain('Hepatitis B')
    expect(due('2008-01-10', [maintenance?.id ?? ''])).toContain('Td')
    expect(due('2008-01-10', [])).not.toContain('Td')
  })

  it('puts demo patients in every periodic-exam due state, and gives a few admission exams the contract accepts', async () => {
    const exams = await inDemo((tx) => tx.select().from(periodicExams))
    const people = await inDemo((tx) => tx.select().from(patients))
    const latest = new Map<string, string>()
    for (const exam of exams)
      if ((latest.get(exam.patientId) ?? '') < exam.examinedOn) latest.set(exam.patientId, exam.examinedOn)
    const today = new Date().toISOString().slice(0, 10)
    const states = new Map<string, number>()
    for (const person of people) {
      const { state } = examDue(
        {
          lastExamOn: latest.get(person.id) ?? null,
          frequency: person.examFrequency,
          hireDate: person.hireDate,
        },
        today,
      )
      states.set(state, (states.get(state) ?? 0) + 1)
    }
    expect(latest.size).toBeGreaterThan(100)
    for (const state of ['applied', 'due_soon', 'expired', 'never_examined']) {
      expect(states.get(state) ?? 0, state).toBeGreaterThan(5)
    }
    const noted = (await inDemo((tx) => tx.select().from(changeLog))).filter(
      (c) => c.entity === 'periodic-exam',
    )
    expect(noted).toHaveLength(exams.length)
    const admissions = await inDemo((tx) => tx.select().from(admissionExams))
    expect(admissions.length).toBeGreaterThanOrEqual(4)
    const candidates = new Set(people.filter((p) => p.administrativeStatus === 'candidate').map((p) => p.id))
    expect(admissions.some((exam) => candidates.has(exam.patientId))).toBe(true)
    expect(admissions.some((exam) => exam.result === null)).toBe(true)
    for (const exam of admissions) {
      const body = { id: exam.id, ...admissionFieldsOf(exam) }
      expect(v.safeParse(CreateAdmissionExamRequest, body).issues, exam.id).toBeUndefined()
    }
  })

  it('changes nothing when it runs again', async () => {
    const count = async () => ({
      catalogueEntries: (await inDemo((tx) => tx.select().from(catalogueEntries))).length,
      tenants: (await database.db.select().from(tenants)).length,
      patients: (await inDemo((tx) => tx.select().from(patients))).length,
      encounters: (await inDemo((tx) => tx.select().from(encounters))).length,
      triages: (await inDemo((tx) => tx.select().from(triageConsultations))).length,
      periodicExams: (await inDemo((tx) => tx.select().from(periodicExams))).length,
      admissionExams: (await inDemo((tx) => tx.select().from(admissionExams))).length,
      users: (await inDemo((tx) => tx.select().from(users))).length,
      references: (await database.db.select().from(referenceItems)).length,
      diagnoses: await database.db.$count(diagnoses),
      versions: (await database.db.select().from(catalogVersions))
        .map((v) => `${v.catalog} ${v.version}`)
        .sort(),
    })
    const before = await count()
    const secondRun = await seedOnFirstStart(database.db)
    expect(await count()).toEqual(before)
    expect(secondRun.demoCreated).toBe(false)
  })
})
