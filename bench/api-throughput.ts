/**
 * API throughput against a bare node:http server in the same run (DESIGN §7): both servers run
 * in child processes, measured alternately, five rounds, medians compared as a ratio. With
 * DATABASE_URL set, the read inside a tenant transaction (GET …/profile) is also compared with
 * bare `pg` loops on the same database in the same rounds: the user's row alone, and the same
 * transaction by hand (begin, the tenant's setting, the two selects, commit), which tell the
 * database's share of the read from the app's.
 */
import pg from 'pg'
import { bearerOf, freePort, median, requestsPerSecond, startServer } from './measure'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = 10

/** A loop of `connections` bare `pg` clients running `work` for `seconds`: its runs per second. */
async function barePgPerSecond(
  url: string,
  seconds: number,
  connections: number,
  work: (client: pg.Client) => Promise<unknown>,
): Promise<number> {
  const clients = Array.from({ length: connections }, () => new pg.Client({ connectionString: url }))
  await Promise.all(clients.map((client) => client.connect()))
  try {
    let runs = 0
    const started = performance.now()
    const until = started + seconds * 1000
    await Promise.all(
      clients.map(async (client) => {
        while (performance.now() < until) {
          await work(client)
          runs++
        }
      }),
    )
    return runs / ((performance.now() - started) / 1000)
  } finally {
    await Promise.all(clients.map((client) => client.end()))
  }
}

/** The profile's statements by hand (the queries drizzle sends, named so each is planned once). */
function profileByHand(userId: string, tenantId: string) {
  const user = { name: 'bench-user', text: 'select * from users where id = $1', values: [userId] }
  const answers = {
    name: 'bench-answers',
    text: 'select * from security_answers where user_id = $1 order by position',
    values: [userId],
  }
  const setting = {
    name: 'bench-tenant',
    text: "select set_config('app.tenant_id', $1, true)",
    values: [tenantId],
  }
  return {
    row: (client: pg.Client) => client.query(user),
    transaction: async (client: pg.Client) => {
      await client.query('begin')
      await client.query(setting)
      await client.query(user)
      await client.query(answers)
      await client.query('commit')
    },
  }
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
    const databaseUrl = process.env.DATABASE_URL
    const loops: { name: string; run: () => Promise<number> }[] = []
    if (databaseUrl) {
      const admin = new pg.Client({ connectionString: databaseUrl })
      await admin.connect()
      const { rows } = await admin.query<{ id: string; tenant_id: string }>(
        'select id, tenant_id from users where email = $1',
        ['doctor@demo.localhost'],
      )
      await admin.end()
      const doctor = rows[0]
      if (!doctor) throw new Error('the demo doctor is not in the database')
      const byHand = profileByHand(doctor.id, doctor.tenant_id)
      loops.push(
        {
          name: 'bare `pg` loop: the user row alone (one select)',
          run: () => barePgPerSecond(databaseUrl, SECONDS, CONNECTIONS, byHand.row),
        },
        {
          name: 'bare `pg` loop: the profile’s tenant transaction by hand (5 statements)',
          run: () => barePgPerSecond(databaseUrl, SECONDS, CONNECTIONS, byHand.transaction),
        },
      )
    }
    const samples = new Map([...cases, ...loops].map((c) => [c.name, [] as number[]]))
    for (let round = 0; round < ROUNDS; round++) {
      for (const c of cases) {
        samples
          .get(c.name)
          ?.push(await requestsPerSecond({ ...c, seconds: SECONDS, connections: CONNECTIONS }))
      }
      for (const loop of loops) samples.get(loop.name)?.push(await loop.run())
    }
    const baseline = median(samples.get('bare node:http') ?? [])
    const profile = median(samples.get(cases[3]?.name ?? '') ?? [])
    return [
      ...cases.map((c) => {
        const value = median(samples.get(c.name) ?? [])
        return `| ${c.name} | ${Math.round(value)} req/s | ${(value / baseline).toFixed(2)}× |`
      }),
      ...loops.map((loop) => {
        const value = median(samples.get(loop.name) ?? [])
        return `| ${loop.name} | ${Math.round(value)} runs/s | …/profile at ${(profile / value).toFixed(2)}× of it |`
      }),
    ]
  } finally {
    bare.kill()
    api.kill()
  }
}
