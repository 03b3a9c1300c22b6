import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite'

interface Statement {
  name: string
  /** The parameters' types, as PostgreSQL inferred them: they choose each value's serializer. */
  parameterTypes: number[]
}

/** Statement names are unique in the process, so two wrappers of one client never clash. */
let named = 0

/**
 * PGlite's `query` sends every query through the unnamed statement, so PostgreSQL parses, analyses
 * and plans it again at every call; compiled to WebAssembly that costs more than running most of
 * our statements (DESIGN §7, docs/benchmarks.md). This gives queries run inside transactions a
 * named prepared statement per query text instead, as node-postgres does for a named query and
 * postgres.js for every query: PostgreSQL then reuses its parse and, once it judges a generic plan
 * as good, its plan (and replans by itself when the schema changes). Queries outside transactions
 * (migrations, the host and account caches) keep PGlite's own path.
 */
export function withPreparedStatements(
  client: PGlite,
  {
    ridesWithNext = new Set(),
    capacity = 256,
  }: {
    /**
     * Statements whose answer nobody reads (the tenant's setting that opens a transaction): a
     * call into the database costs more than such a statement itself, so inside a transaction
     * one waits and goes in the same call as the statement after it.
     */
    ridesWithNext?: ReadonlySet<string>
    /** Statements kept; beyond them the least recently used is closed. */
    capacity?: number
  } = {},
): PGlite {
  const statements = new Map<string, Statement>()

  const send = (...messages: Uint8Array[]) =>
    client.execProtocolStream(concatenated(messages), { syncToFs: false })

  async function prepared(text: string): Promise<Statement> {
    const known = statements.get(text)
    if (known) {
      // Most recently used last: the first in the map is the one to close.
      statements.delete(text)
      statements.set(text, known)
      return known
    }
    const name = `statement_${++named}`
    const described = await send(
      protocol.serialize.parse({ name, text }),
      protocol.serialize.describe({ type: 'S', name }),
      protocol.serialize.sync(),
    )
    const statement = { name, parameterTypes: parse.parseDescribeStatementResults(described) }
    statements.set(text, statement)
    if (statements.size > capacity) {
      const [oldestText, oldest] = statements.entries().next().value as [string, Statement]
      statements.delete(oldestText)
      await send(protocol.serialize.close({ type: 'S', name: oldest.name }), protocol.serialize.sync())
    }
    return statement
  }

  /** Bind, describe and execute of one statement with its values, without the closing sync. */
  async function run(text: string, params: unknown[], options?: QueryOptions): Promise<Uint8Array[]> {
    const statement = await prepared(text)
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null
      const type = statement.parameterTypes[i] as number
      const serializer = options?.serializers?.[type] ?? client.serializers[type]
      return serializer ? serializer(value) : String(value)
    })
    return [
      protocol.serialize.bind({ statement: statement.name, values }),
      protocol.serialize.describe({ type: 'P' }),
      protocol.serialize.execute({}),
    ]
  }

  /**
   * Runs a statement, after `waiting` ones sent in the same call (an error in one of them is
   * this call's error, and PostgreSQL skips the rest up to the sync); answers the last result.
   */
  async function query<T>(
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
    waiting: Uint8Array[] = [],
  ): Promise<Results<T>> {
    return client.runExclusive(async () => {
      const messages = await send(
        ...waiting,
        ...(await run(text, params, options)),
        protocol.serialize.sync(),
      )
      // The caller's parsers over the database's, chained rather than copied: PGlite copies its
      // three hundred parsers into a new object at every query that brings its own.
      const parsers: typeof client.parsers = options?.parsers
        ? Object.assign(Object.create(client.parsers), options.parsers)
        : client.parsers
      const { parsers: _, ...rest } = options ?? {}
      return parse.parseResults(messages, parsers, rest).at(-1) as Results<T>
    })
  }

  const transaction = <T>(work: (tx: Transaction) => Promise<T>): Promise<T> =>
    client.transaction((tx) => {
      // A statement that rides with the next one, until that one is sent. Left unsent at the
      // end, it changed nothing anybody reads (it would be gone with the transaction anyway).
      let waiting: Uint8Array[] = []
      const take = () => {
        const sent = waiting
        waiting = []
        return sent
      }
      const flush = async () => {
        if (waiting.length === 0) return
        const sent = take()
        await client.runExclusive(async () => {
          parse.parseResults(await send(...sent, protocol.serialize.sync()), client.parsers)
        })
      }
      return work({
        query: async <R>(text: string, params: unknown[] = [], options?: QueryOptions) => {
          if (tx.closed) throw new Error('Transaction is closed')
          if (ridesWithNext.has(text)) {
            waiting.push(...(await client.runExclusive(() => run(text, params, options))))
            return { rows: [], fields: [], affectedRows: 0 } as Results<R>
          }
          return query<R>(text, params, options, take())
        },
        // PGlite's own ways of querying go on their own: what waits is sent before them.
        sql: async (...args: Parameters<Transaction['sql']>) => {
          await flush()
          return tx.sql(...args)
        },
        exec: async (...args: Parameters<Transaction['exec']>) => {
          await flush()
          return tx.exec(...args)
        },
        rollback: tx.rollback,
        listen: tx.listen,
        get closed() {
          return tx.closed
        },
      })
    })

  return new Proxy(client, {
    get(target, property) {
      if (property === 'transaction') return transaction
      const value = Reflect.get(target, property, target)
      // PGlite's methods use private fields: they must run on the instance, not on the proxy.
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

function concatenated(parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0))
  let offset = 0
  for (const part of parts) {
    whole.set(part, offset)
    offset += part.length
  }
  return whole
}
