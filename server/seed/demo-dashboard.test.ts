import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '../../src/contract/rules/vaccination-due'
import { zonedDayAndTime } from '../../src/documents/zoned-time'
import { buildTestApp, type TestApp } from '../../tests/fixtures/app'
import { signIn } from '../../tests/fixtures/users'
import { DEMO_PASSWORD } from './demo'
import { seedOnFirstStart } from './index'

/**
 * Issue 24: the demo's dashboard has something to show in every item (DESIGN §9.6), for the
 * administrator over the last year, from the records the other modules seed.
 */
describe('the demo dashboard', () => {
  let t: TestApp
  let admin: Record<string, string>
  const today = zonedDayAndTime(new Date(), 'America/Mexico_City').day
  const lastYear = `from=${addDays(today, -365)}&to=${today}`

  beforeAll(async () => {
    t = await buildTestApp()
    await seedOnFirstStart(t.database.db)
    admin = (await signIn(t.app, 'demo.localhost', 'admin@demo.localhost', DEMO_PASSWORD)).headers
  }, 240_000)
  afterAll(() => t.close())

  const item = async (path: string, query = lastYear) => {
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/dashboard/${path}?${query}`,
      headers: admin,
    })
    expect(answer.statusCode).toBe(200)
    return answer.json().data
  }

  it('counts consultations, their diagnoses and affected systems', async () => {
    expect(await item('diagnostics')).toHaveLength(5)
    expect((await item('affected-system/top-five')).length).toBeGreaterThan(1)
    expect((await item('affected-system')).months.length).toBeGreaterThan(1)
  })

  it('counts special labels and pregnancies, vaccinations and the periodic exams’ buckets', async () => {
    const labels = await item('special-labels')
    expect(labels.labels.some((label: { patients: number }) => label.patients > 0)).toBe(true)
    expect(labels.pregnancy.total).toBeGreaterThan(0)
    const vaccines = await item('vaccines')
    expect(vaccines.vaccines.length).toBeGreaterThan(0)
    expect(vaccines.complete + vaccines.incomplete).toBe(200)
    const exams = await item('periodic-exams')
    expect(exams.applied).toBeGreaterThan(0)
    expect(exams.due_soon).toBeGreaterThan(0)
    expect(exams.expired).toBeGreaterThan(0)
  })

  it('counts COVID statuses and lost days', async () => {
    expect((await item('covid')).total).toBeGreaterThan(0)
    const lost = await item('closed-days-data')
    expect(lost.total_days).toBeGreaterThan(0)
    expect(lost.types.length).toBeGreaterThan(0)
  })
})
