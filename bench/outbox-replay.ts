/**
 * Outbox replay (DESIGN §7: ≥ 200 mutations/s to a local server, no duplicates): 2 000 queued
 * mutations sent the way the sync loop sends them — one at a time, in order, each with its
 * Idempotency-Key — to the real API on the embedded database; then the rows are counted.
 */
import { Agent, request as httpRequest } from 'node:http'
import { v7 as uuidv7 } from 'uuid'
import { startServer } from './measure'

const PORT = 3904
const MUTATIONS = Number(process.env.BENCH_MUTATIONS ?? 2000)

function send(
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
        port: PORT,
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
  const server = await startServer('api', PORT)
  try {
    const login = await send(
      'POST',
      '/api/authentication/login',
      { username: 'nurse@demo.localhost', password: 'Demo1234!' },
      {},
    )
    const token = JSON.parse(login.text).data.accessToken as string
    const auth = { authorization: `Bearer ${token}` }
    const list = await send('GET', '/api/sync/changes?limit=5', undefined, auth)
    const patientId = (JSON.parse(list.text).data.changes as Array<{ entity: string; id: string }>).find(
      (c) => c.entity === 'patient',
    )?.id
    if (!patientId) throw new Error('no patient in the demo feed')

    const queue = Array.from({ length: MUTATIONS }, (_, i) => ({
      key: uuidv7(),
      body: {
        id: uuidv7(),
        patient_id: patientId,
        taken_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
        systolic: 120,
        diastolic: 80,
      },
    }))
    const started = performance.now()
    for (const entry of queue) {
      const answer = await send('POST', '/api/operation/patients/blood-pressure', entry.body, {
        ...auth,
        'idempotency-key': entry.key,
      })
      if (answer.status !== 200) throw new Error(`replay failed: ${answer.status} ${answer.text}`)
    }
    const seconds = (performance.now() - started) / 1000
    // A second replay of the first 100 (answers lost) must add nothing.
    for (const entry of queue.slice(0, 100)) {
      await send('POST', '/api/operation/patients/blood-pressure', entry.body, {
        ...auth,
        'idempotency-key': entry.key,
      })
    }
    const readings = await send(
      'GET',
      `/api/operation/patients/blood-pressure?patient_id=${patientId}`,
      undefined,
      auth,
    )
    const stored = (JSON.parse(readings.text).data as unknown[]).length
    const rate = MUTATIONS / seconds
    return [
      `| ${MUTATIONS} readings, sequential, Idempotency-Key | ${rate.toFixed(0)} mutations/s | ${rate >= 200 ? 'within' : 'OVER'} the ≥ 200/s budget |`,
      `| rows stored after replaying 100 of them again | ${stored} | ${stored === MUTATIONS ? 'no duplicates' : 'DUPLICATES'} |`,
    ]
  } finally {
    keepAlive.destroy()
    server.kill()
  }
}
