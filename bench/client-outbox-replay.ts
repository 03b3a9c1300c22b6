/**
 * Outbox replay from the client (DESIGN §7: ≥ 200 mutations/s to a local server, no duplicates):
 * in Debian's headless Chromium, 2 000 blood-pressure readings recorded with the client's own
 * mutator (createReading) into IndexedDB, then drained by the client's sync loop
 * (createSyncLoop + httpTransport) to the real API on a fresh embedded database; afterwards the
 * first 100 are sent again as if their answers had been lost, and the server's rows counted.
 * Each round is a new browser and a patient of its own, so each count must be exactly 2 000.
 */

import { openBenchPage } from './browser-harness'
import { freePort, median, startServer } from './measure'

const MUTATIONS = Number(process.env.BENCH_MUTATIONS ?? 2000)
const ROUNDS = Number(process.env.BENCH_REPLAY_ROUNDS ?? process.env.BENCH_ROUNDS ?? 5)
export const OUTBOX_REPLAY_BUDGET = 200

export async function clientOutboxReplay(): Promise<string[]> {
  const port = await freePort()
  const server = await startServer('api', port)
  const rates: number[] = []
  const enqueueRates: number[] = []
  const travelMs: number[] = []
  const stored: number[] = []
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const bench = await openBenchPage(port)
      try {
        await bench.call('signIn', 'nurse@demo.localhost', 'Demo1234!')
        const patientId = (await bench.call('feedPatients', ROUNDS + 5))[round + 2]
        if (!patientId) throw new Error('not enough patients in the demo feed')
        const before = await bench.call('storedReadings', patientId)
        const result = await bench.call('outboxReplay', patientId, MUTATIONS, `replay-${round}`)
        if (result.sent !== MUTATIONS || result.left !== 0 || result.resentOk !== result.resent) {
          throw new Error(`replay did not drain: ${JSON.stringify(result)}`)
        }
        rates.push(MUTATIONS / (result.drainMs / 1000))
        enqueueRates.push(MUTATIONS / (result.enqueueMs / 1000))
        travelMs.push(result.sendMs / MUTATIONS)
        stored.push((await bench.call('storedReadings', patientId)) - before)
      } finally {
        await bench.close()
      }
    }
  } finally {
    server.kill()
  }
  const rate = median(rates)
  const duplicates = stored.some((count) => count !== MUTATIONS)
  return [
    `| ${MUTATIONS} readings drained by the sync loop (createSyncLoop + httpTransport), median of ${rates.length} (${rates.map((r) => r.toFixed(0)).join(', ')}/s) | ${rate.toFixed(0)} mutations/s | ${rate >= OUTBOX_REPLAY_BUDGET ? 'within' : 'BELOW'} the ≥ ${OUTBOX_REPLAY_BUDGET}/s budget |`,
    `| mean time one entry travels (httpTransport.send; entries travel in batches, two batches at once, decision 0014) | ${median(travelMs).toFixed(1)} ms | |`,
    `| the same readings recorded offline (createReading, one Dexie transaction each) | ${median(enqueueRates).toFixed(0)} mutations/s | |`,
    `| rows on the server per round after re-sending 100 of them (${stored.join(', ')}) | ${duplicates ? 'DUPLICATES' : `${MUTATIONS} each`} | ${duplicates ? 'DUPLICATES' : 'no duplicates'} |`,
  ]
}
