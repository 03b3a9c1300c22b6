import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { afterAll, describe, expect, it } from 'vitest'
import { triageOf } from '../../src/contract/schemas/covid'
import { migrationsFolder } from './client'

/**
 * Migration 0018 (issue 20, decision 0025): the COVID data patients carried becomes COVID test
 * rows and one triage consultation each, whose proposal is the rule's, and leaves the patient.
 */
describe('the patients’ COVID data migration', () => {
  const folder = mkdtempSync(join(tmpdir(), 'migrations-'))
  afterAll(() => rmSync(folder, { recursive: true, force: true }))

  function migrationsBefore(tag: string) {
    cpSync(migrationsFolder, folder, { recursive: true })
    const journalPath = join(folder, 'meta', '_journal.json')
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] }
    const at = journal.entries.findIndex((entry) => entry.tag === tag)
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }))
    return folder
  }

  const tenant = '0190a1b2-c3d4-7e5f-8a9b-000000000001'
  const patient = (n: number) => `0190a1b2-c3d4-7e5f-8a9b-0000000001${String(n).padStart(2, '0')}`
  /** A CURP unique per patient (the tenant keeps one patient per CURP). */
  const curp = (n: number) => `RUAA900101MQTZNN${String(n).padStart(2, '0')}`

  /** Values at the rule's band edges, each patient's temperature, SpO2, systolic, birth, factors. */
  const cases: Array<{
    temperature: number | null
    oximetry: number | null
    systolic: number | null
    birth: string
    conditions: string[]
    pregnancy: boolean | null
  }> = [
    { temperature: 36.5, oximetry: 97, systolic: 120, birth: '1990-05-01', conditions: [], pregnancy: null },
    { temperature: 35, oximetry: 96, systolic: 111, birth: '1990-05-01', conditions: [], pregnancy: false },
    { temperature: 36, oximetry: 95, systolic: 110, birth: '1990-05-01', conditions: [], pregnancy: null },
    { temperature: 38.1, oximetry: 93, systolic: 100, birth: '1990-05-01', conditions: [], pregnancy: null },
    { temperature: 39.1, oximetry: 91, systolic: 90, birth: '1990-05-01', conditions: [], pregnancy: null },
    { temperature: 38, oximetry: 92, systolic: 219, birth: '1950-01-01', conditions: [], pregnancy: null },
    {
      temperature: 39,
      oximetry: 94,
      systolic: 220,
      birth: '1990-05-01',
      conditions: ['diabetes'],
      pregnancy: null,
    },
    {
      temperature: null,
      oximetry: 91,
      systolic: null,
      birth: '1990-05-01',
      conditions: ['hiv'],
      pregnancy: null,
    },
    {
      temperature: 37,
      oximetry: null,
      systolic: 101,
      birth: '1990-05-01',
      conditions: ['pregnancy'],
      pregnancy: null,
    },
    { temperature: 37, oximetry: 99, systolic: 130, birth: '1990-05-01', conditions: [], pregnancy: true },
  ]

  // The test opens its own PGlite and runs the migrations twice: a hook's work, given a hook's time
  // (vitest.config.ts: compiling PGlite's WebAssembly alone nears a minute on a busy 2-core machine).
  it('moves the tests and one consultation per patient with COVID data, then drops the columns', async () => {
    const client = await PGlite.create('memory://')
    const db = drizzle({ client })
    await migrate(db, { migrationsFolder: migrationsBefore('0018_covid') })
    await client.exec(
      `insert into tenants (id, slug, trade_name, business_name) values ('${tenant}', 'acme', 'Acme', 'Acme S.A.')`,
    )
    const updatedAt = '2026-11-20 15:30:00+00'
    for (const [index, c] of cases.entries()) {
      await client.query(
        `insert into patients (tenant_id, id, administrative_status, name, last_name, birth_date, curp,
           temperature, oximetry, systolic, underlying_conditions, pregnancy, covid_status, updated_at)
         values ($1, $2, 'active', 'P', 'Q', $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          tenant,
          patient(index),
          c.birth,
          curp(index),
          c.temperature,
          c.oximetry,
          c.systolic,
          JSON.stringify(c.conditions),
          c.pregnancy,
          index === 0 ? 'recovered' : index === 1 ? 'not-a-status' : null,
          updatedAt,
        ],
      )
    }
    // One patient with tests and no other COVID field; one with nothing at all.
    await client.query(
      `insert into patients (tenant_id, id, administrative_status, name, last_name, birth_date, curp, covid_tests)
       values ($1, $2, 'active', 'T', 'Q', '1990-01-01', $3, $4), ($1, $5, 'active', 'N', 'Q', '1990-01-01', $6, '[]')`,
      [
        tenant,
        patient(50),
        curp(50),
        JSON.stringify([
          { date: '2026-10-01', type: 'pcr', result: 'positive' },
          { date: '2026-10-15', type: 'antigen', result: 'negative' },
        ]),
        patient(51),
        curp(51),
      ],
    )
    await migrate(db, { migrationsFolder })

    const rows = (
      await client.query<{
        patient_id: string
        status: string
        news2_score: number
        proposed_classification: string
        chosen_classification: string
        classification: string
        chronic_degenerative_diseases: string[]
        immunocompromises: string[]
        pregnancy: boolean | null
        consulted_at: string
      }>(`select * from triage_consultations order by patient_id`)
    ).rows
    expect(rows.map((row) => row.patient_id)).toEqual(cases.map((_, index) => patient(index)))
    for (const [index, c] of cases.entries()) {
      const row = rows[index]
      const expected = triageOf(
        {
          consulted_at: '2026-11-20T15:30:00.000Z',
          temperature_c: c.temperature,
          oximetry: c.oximetry,
          systolic: c.systolic,
          respiratory_rate: null,
          heart_rate: null,
          supplemental_oxygen: null,
          consciousness: null,
          chronic_degenerative_diseases: row?.chronic_degenerative_diseases ?? [],
          immunocompromises: row?.immunocompromises ?? [],
          pregnancy: row?.pregnancy ?? null,
        },
        c.birth,
      )
      expect([row?.news2_score, row?.proposed_classification], `case ${index}`).toEqual([
        expected.total,
        expected.classification,
      ])
      expect([row?.chosen_classification, row?.classification]).toEqual([
        expected.classification,
        expected.classification,
      ])
    }
    expect(rows[0]?.status).toBe('recovered')
    expect(rows[1]?.status).toBe('observation')
    expect(rows[6]?.chronic_degenerative_diseases).toEqual(['diabetes'])
    expect(rows[7]?.immunocompromises).toEqual(['hiv'])
    expect(rows[8]?.pregnancy).toBe(true)

    const tests = (
      await client.query<{ patient_id: string; date: string; type: string; result: string }>(
        `select patient_id, date::text as date, type, result from covid_tests order by date`,
      )
    ).rows
    expect(tests).toEqual([
      { patient_id: patient(50), date: '2026-10-01', type: 'pcr', result: 'positive' },
      { patient_id: patient(50), date: '2026-10-15', type: 'antigen', result: 'negative' },
    ])
    const feed = await client.query<{ entity: string; n: number }>(
      `select entity, count(*)::int as n from change_log group by entity order by entity`,
    )
    expect(feed.rows).toEqual([
      { entity: 'covid-consultation', n: cases.length },
      { entity: 'covid-test', n: 2 },
    ])
    const columns = await client.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'patients'
         and column_name in ('covid_status', 'covid_tests', 'temperature', 'blood_type')`,
    )
    expect(columns.rows.map((row) => row.column_name)).toEqual(['blood_type'])
    await client.close()
  }, 120_000)
})
