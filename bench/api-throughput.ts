/**
 * API throughput against a bare node:http server in the same run (DESIGN §7): both servers run
 * in child processes, measured alternately, five rounds, medians compared as a ratio.
 */
import { request as httpRequest } from 'node:http'
import { freePort, median, requestsPerSecond, startServer } from './measure'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = 10

/** Signs a demo user in over HTTP (node:http: fetch may not set the tenant's Host header). */
function bearerOf(port: number, username: string): Promise<string> {
  const body = JSON.stringify({ username, email: username, password: 'Demo1234!' })
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/authentication/login',
        headers: { host: 'demo.localhost', 'content-type': 'application/json' },
      },
      (response) => {
        let text = ''
        response.on('data', (chunk) => {
          text += chunk
        })
        response.on('end', () => {
          if (response.statusCode !== 200)
            return reject(new Error(`bench sign-in failed: ${response.statusCode} ${text}`))
          resolve(`Bearer ${JSON.parse(text).data.accessToken}`)
        })
      },
    )
    request.on('error', reject)
    request.end(body)
  })
}

export async function apiThroughput(): Promise<string[]> {
  const [barePort, apiPort] = [await freePort(), await freePort()]
  const bare = await startServer('bare', barePort)
  const api = await startServer('api', apiPort)
  try {
    const authorization = await bearerOf(apiPort, 'doctor@demo.localhost')
    const cases = [
      {
        name: 'bare node:http',
        url: `http://127.0.0.1:${barePort}/api/health`,
        headers: {} as Record<string, string>,
      },
      {
        name: 'GET /api/health',
        url: `http://127.0.0.1:${apiPort}/api/health`,
        headers: { host: 'demo.localhost' },
      },
      {
        name: 'GET /api/configuration/menus/menusavailable (authenticated, no database)',
        url: `http://127.0.0.1:${apiPort}/api/configuration/menus/menusavailable`,
        headers: { host: 'demo.localhost', authorization },
      },
      {
        name: 'GET /api/configuration/profile (authenticated, one tenant transaction)',
        url: `http://127.0.0.1:${apiPort}/api/configuration/profile`,
        headers: { host: 'demo.localhost', authorization },
      },
      {
        name: 'GET /api/configuration/get-configurations-tenant',
        url: `http://127.0.0.1:${apiPort}/api/configuration/get-configurations-tenant`,
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
