/**
 * API throughput against a bare node:http server in the same run (DESIGN §7): both servers run
 * in child processes, measured alternately, five rounds, medians compared as a ratio.
 */
import { median, requestsPerSecond, startServer } from './measure'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = 10

export async function apiThroughput(): Promise<string[]> {
  const bare = await startServer('bare', 3901)
  const api = await startServer('api', 3902)
  try {
    const cases = [
      {
        name: 'bare node:http',
        url: 'http://127.0.0.1:3901/api/health',
        headers: {} as Record<string, string>,
      },
      {
        name: 'GET /api/health',
        url: 'http://127.0.0.1:3902/api/health',
        headers: { host: 'demo.localhost' },
      },
      {
        name: 'GET /api/configuration/get-configurations-tenant',
        url: 'http://127.0.0.1:3902/api/configuration/get-configurations-tenant',
        headers: { host: 'demo.localhost' },
      },
    ]
    const samples = new Map(cases.map((c) => [c.name, [] as number[]]))
    for (let round = 0; round < ROUNDS; round++) {
      for (const c of cases) {
        samples
          .get(c.name)
          ?.push(await requestsPerSecond({ ...c, seconds: SECONDS, connections: CONNECTIONS }))
      }
    }
    const baseline = median(samples.get('bare node:http') ?? [])
    return cases.map((c) => {
      const value = median(samples.get(c.name) ?? [])
      return `| ${c.name} | ${Math.round(value)} req/s | ${(value / baseline).toFixed(2)}× |`
    })
  } finally {
    bare.kill()
    api.kill()
  }
}
