import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../tests/fixtures/app'
import { testDatabaseKind } from '../../tests/fixtures/database'

describe('GET /api/health', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
  })
  afterAll(() => t.close())

  it('reports the database reachable and the schema version', async () => {
    const res = await t.app.inject({ url: '/api/health' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.error).toBe(false)
    expect(body.data).toMatchObject({ status: 'ok', database: { reachable: true, kind: testDatabaseKind() } })
    expect(body.data.database.migrations).toBeGreaterThanOrEqual(3)
    expect(body.data.database.schemaVersion).toEqual(expect.any(Number))
  })

  it('answers 503 degraded when the database is gone', async () => {
    await t.database.close()
    const res = await t.app.inject({ url: '/api/health' })
    expect(res.statusCode).toBe(503)
    expect(res.json().data).toMatchObject({ status: 'degraded', database: { reachable: false } })
    // The database is closed already; only the app is left to close.
    t.database.close = async () => {}
  })
})
