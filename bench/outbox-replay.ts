/**
 * Outbox replay (DESIGN §7: ≥ 200 mutations/s to a local server, no duplicates): 2 000 queued
 * mutations sent to the real API on the embedded database, each with its Idempotency-Key —
 * one request each, in order, and then (another 2 000) in sync batches of 50 one after another
 * (decision 0014), as the sync loop sends them; then the rows are counted.
 */
import { Agent, request as httpRequest } from 'node:http'
import { v7 as uuidv7 } from 'uuid'
import { BATCH_LIMIT } from '../src/contract/schemas/sync'
import { freePort, startServer } from './measure'

const MUTATIONS = Number(process.env.BENCH_MUTATIONS ?? 2000)

function send(
  port: number,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: keepAlive,
        headers: {
          host: 'demo.localhost',
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = ''
        res.on('data', (chunk) => {
          text += chunk
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 })

export async function outboxReplay(): Promise<string[]> {
  const port = await freePort()
  const server = await startServer('api', port)
  try {
    const login = await send(
      port,
      'POST',
      '/api/authentication/login',
      { username: 'nurse@demo.localhost', password: 'Demo1234!' },
      {},
    )
    const token = JSON.parse(login.text).data.accessToken as string
    const auth = { authorization: `Bearer ${token}` }
    const list = await send(port, 'GET', '/api/sync/changes?limit=5', undefined, auth)
    const patientId = (JSON.parse(list.text).data.changes as Array<{ entity: string; id: string }>).find(
      (c) => c.entity === 'patient',
    )?.id
    if (!patientId) throw new Error('no patient in the demo feed')

    const queueOf = (day: number) =>
      Array.from({ length: MUTATIONS }, (_, i) => ({
        key: uuidv7(),
        body: {
          id: uuidv7(),
          patient_id: patientId,
          taken_at: new Date(Date.UTC(2026, 0, day, 0, i)).toISOString(),
          systolic: 120,
          diastolic: 80,
        },
      }))
    const queue = queueOf(1)
    const started = performance.now()
    for (const entry of queue) {
      const answer = await send(port, 'POST', '/api/operation/patients/blood-pressure', entry.body, {
        ...auth,
        'idempotency-key': entry.key,
      })
      if (answer.status !== 200) throw new Error(`replay failed: ${answer.status} ${answer.text}`)
    }
    const seconds = (performance.now() - started) / 1000
    // A second replay of the first 100 (answers lost) must add nothing.
    for (const entry of queue.slice(0, 100)) {
      await send(port, 'POST', '/api/operation/patients/blood-pressure', entry.body, {
        ...auth,
        'idempotency-key': entry.key,
      })
    }

    const batched = queueOf(10)
    const batchStarted = performance.now()
    for (let at = 0; at < batched.length; at += BATCH_LIMIT) {
      const requests = batched.slice(at, at + BATCH_LIMIT).map((entry) => ({
        key: entry.key,
        method: 'POST',
        path: '/api/operation/patients/blood-pressure',
        body: entry.body,
      }))
      const answer = await send(port, 'POST', '/api/sync/batch', { requests }, auth)
      const statuses = (JSON.parse(answer.text).data?.answers ?? []) as Array<{ status: number }>
      if (answer.status !== 200 || statuses.some((a) => a.status !== 200)) {
        throw new Error(`batched replay failed: ${answer.status} ${answer.text.slice(0, 300)}`)
      }
    }
    const batchRate = MUTATIONS / ((performance.now() - batchStarted) / 1000)

    const readings = await send(
      port,
      'GET',
      `/api/operation/patients/blood-pressure?patient_id=${patientId}`,
      undefined,
      auth,
    )
    const stored = (JSON.parse(readings.text).data as unknown[]).length
    const rate = MUTATIONS / seconds
    return [
      `| ${MUTATIONS} readings, sequential, Idempotency-Key | ${rate.toFixed(0)} mutations/s | ${rate >= 200 ? 'within' : 'BELOW'} the ≥ 200/s budget |`,
      `| ${MUTATIONS} readings in sync batches of ${BATCH_LIMIT}, one batch after another | ${batchRate.toFixed(0)} mutations/s | ${batchRate >= 200 ? 'within' : 'BELOW'} the ≥ 200/s budget |`,
      `| rows stored by both runs after replaying 100 of them again (of ${2 * MUTATIONS}) | ${stored} | ${stored === 2 * MUTATIONS ? 'no duplicates' : 'DUPLICATES'} |`,
    ]
  } finally {
    keepAlive.destroy()
    server.kill()
  }
}
