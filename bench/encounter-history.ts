/**
 * A patient's consultation history read from the API with the clinic at scale (issue 19, DESIGN
 * §9.6): the demo tenant grown by BENCH_PATIENTS patients (100 000 by default) and every patient
 * given BENCH_ENCOUNTERS more consultations (3), so the table holds hundreds of thousands. The
 * doctor reads the history of each of her assigned patients, one request at a time, in rounds;
 * the figure is the p95 of a round, median of the rounds.
 */
import { bearerOf, freePort, median, startServer, timedGet } from './measure'

const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 100_000)
const PER_PATIENT = Number(process.env.BENCH_ENCOUNTERS ?? 3)
const ROUNDS = Math.max(5, Number(process.env.BENCH_ROUNDS ?? 5))
/** DESIGN §7's bound for each dashboard call at scale, the nearest budget for a clinical read. */
const BUDGET_MS = 300

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1] ?? 0

export async function encounterHistory(): Promise<string[]> {
  const port = await freePort()
  let seeded: { seedSeconds?: number; encounters?: number } = {}
  const server = await startServer('api', port, {
    env: { BENCH_PATIENTS: String(PATIENTS), BENCH_ENCOUNTERS: String(PER_PATIENT) },
    onReady: (message) => {
      if (typeof message === 'object' && message) seeded = message as typeof seeded
    },
  })
  try {
    const authorization = await bearerOf(port, 'doctor@demo.localhost')
    // Her patients: the change feed's first page holds the forty assigned to her.
    const feed = await timedGet(port, '/api/sync/changes?limit=1000', authorization)
    const changes = (JSON.parse(feed.body).data.changes ?? []) as { entity: string; id: string }[]
    const mine = [
      ...new Set(changes.filter((change) => change.entity === 'patient').map((change) => change.id)),
    ]
    if (mine.length === 0) throw new Error('the doctor sees no patients')
    const rounds: number[] = []
    let rows = 0
    for (let round = 0; round < ROUNDS; round++) {
      const times: number[] = []
      for (const id of mine) {
        const answer = await timedGet(
          port,
          `/api/operation/patients/encounter?patient_id=${id}`,
          authorization,
        )
        if (answer.status !== 200) throw new Error(`history of ${id}: ${answer.status}`)
        rows += (JSON.parse(answer.body).data as unknown[]).length
        times.push(answer.ms)
      }
      rounds.push(p95(times))
    }
    const figure = median(rounds)
    const each = rounds.map((ms) => ms.toFixed(1)).join(', ')
    return [
      `| seeding ${seeded.encounters ?? '?'} consultations for ${PATIENTS} more patients (set-based) | ${(seeded.seedSeconds ?? 0).toFixed(1)} s | |`,
      `| a patient's history, ${mine.length} patients a round (${(rows / ROUNDS / mine.length).toFixed(1)} consultations each): p95 of a round, median of ${ROUNDS} (${each} ms) | ${figure.toFixed(1)} ms | ${figure <= BUDGET_MS ? 'within' : 'OVER'} ≤ ${BUDGET_MS} ms |`,
    ]
  } finally {
    server.kill()
  }
}
