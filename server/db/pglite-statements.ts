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
  /** Statements kept; beyond them the least recently used is closed. */
  capacity = 256,
): PGlite {
  const statements = new Map<string, Statement>()
  let named = 0

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

  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return client.runExclusive(async () => {
      const statement = await prepared(text)
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null
        const type = statement.parameterTypes[i] as number
        const serializer = options?.serializers?.[type] ?? client.serializers[type]
        return serializer ? serializer(value) : String(value)
      })
      const messages = await send(
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      )
      // The caller's parsers over the database's, chained rather than copied: PGlite copies its
      // three hundred parsers into a new object at every query that brings its own.
      const parsers: typeof client.parsers = options?.parsers
        ? Object.assign(Object.create(client.parsers), options.parsers)
        : client.parsers
      const { parsers: _, ...rest } = options ?? {}
      return parse.parseResults(messages, parsers, rest)[0] as Results<T>
    })
  }

  const transaction = <T>(work: (tx: Transaction) => Promise<T>): Promise<T> =>
    client.transaction((tx) =>
      work({
        query: <R>(text: string, params?: unknown[], options?: QueryOptions) => {
          if (tx.closed) throw new Error('Transaction is closed')
          return query<R>(text, params, options)
        },
        sql: tx.sql,
        exec: tx.exec,
        rollback: tx.rollback,
        listen: tx.listen,
        get closed() {
          return tx.closed
        },
      }),
    )

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
