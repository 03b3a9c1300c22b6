import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encounterFileCalls } from '../../../src/contract/endpoints/attachments'
import { pathFor } from '../../../src/contract/endpoints/define'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { aConsultation, seedEncounterCatalog } from '../../../tests/fixtures/encounters'
import { multipart, sampleFile } from '../../../tests/fixtures/file-owner'
import { insertPatient } from '../../../tests/fixtures/patients'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'

/**
 * A consultation's attachments (issue 19, decision 0023): the shared file routes declared for the
 * encounter owner, and the change feed showing a consultation's files only to who may read it.
 */
describe("a consultation's files", () => {
  let t: TestApp
  let encounterId: string
  let doctor: Record<string, string>
  let registration: Record<string, string>

  beforeAll(async () => {
    t = await buildTestApp()
    const acmeId = (await buildTenant(t.database.db, { slug: 'acme' })).id
    const catalog = await seedEncounterCatalog(t.database.db, acmeId)
    const patientId = (await insertPatient(t.database.db, acmeId)).id as string
    const sign = async (permissions: string[]) =>
      (await signIn(t.app, 'acme.localhost', (await buildUser(t.database.db, acmeId, { permissions })).email))
        .headers
    doctor = await sign([
      'medical-consultation-create',
      'medical-consultation-edit',
      'consultation.list',
      'consultation.view',
      'patients-index',
      'assignments.all',
    ])
    registration = await sign(['patients-index', 'patients-edit', 'assignments.all'])
    encounterId = uuidv7()
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/operation/patients/encounter',
      headers: { ...doctor, 'idempotency-key': uuidv7() },
      payload: { id: encounterId, ...aConsultation(catalog, patientId) },
    })
    expect(created.statusCode).toBe(200)
  })
  afterAll(() => t.close())

  const upload = async (headers: Record<string, string>, owner: string) => {
    const body = await multipart(
      { id: uuidv7(), name: 'laboratorio.pdf' },
      { filename: 'laboratorio.pdf', type: 'application/pdf', bytes: sampleFile('pdf', 20_000, 3) },
    )
    return t.app.inject({
      method: 'POST',
      url: pathFor(encounterFileCalls.upload, { ownerId: owner }),
      headers: { ...headers, 'content-type': body.contentType, 'idempotency-key': uuidv7() },
      payload: body.payload,
    })
  }
  const feed = async (headers: Record<string, string>) => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/sync/changes?limit=1000', headers })
    expect(answer.statusCode).toBe(200)
    return answer.json().data.changes as { entity: string; id: string }[]
  }

  it('keeps a file with the consultation and gives its bytes back to the doctor', async () => {
    const answer = await upload(doctor, encounterId)
    expect(answer.statusCode).toBe(200)
    const file = answer.json().data
    expect(file).toMatchObject({
      owner_kind: 'encounter',
      owner_id: encounterId,
      media_type: 'application/pdf',
    })
    const bytes = await t.app.inject({
      method: 'GET',
      url: pathFor(encounterFileCalls.download, { id: file.id }),
      headers: doctor,
    })
    expect(bytes.statusCode).toBe(200)
    expect(bytes.rawPayload.length).toBe(20_000)
  })

  it('refuses an unknown consultation (404) and a user who may not write consultations (403)', async () => {
    expect((await upload(doctor, uuidv7())).statusCode).toBe(404)
    expect((await upload(registration, encounterId)).statusCode).toBe(403)
  })

  it("shows the consultation's files in the feed to the doctor, not to registration staff", async () => {
    const mine = await feed(doctor)
    expect(mine.some((change) => change.entity === 'attachment')).toBe(true)
    expect(mine.some((change) => change.id === encounterId)).toBe(true)
    const theirs = await feed(registration)
    expect(
      theirs.filter((change) => change.entity === 'attachment' || change.entity === 'encounter'),
    ).toEqual([])
  })
})
