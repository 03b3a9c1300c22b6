import { defineConfig, type TestProjectConfiguration } from 'vitest/config'
import { clientPlugins } from './vite.config'

/**
 * Where the server tests run. Without DATABASE_URL (a developer's machine), all of them on
 * PGlite. With it (CI), all of them on PostgreSQL, the production database, and on PGlite only
 * the database layer's own tests (its driver, statements, row-level security, schema) and the
 * static checks: the end-to-end tests run the whole app on PGlite, and the suite stays within
 * CI's 30 minutes on two cores (docs/decisions/0021-server-tests-once-in-ci.md).
 */
const withPostgres = Boolean(process.env.DATABASE_URL)

const serverProject = (name: string, db: 'pglite' | 'postgres'): TestProjectConfiguration => ({
  test: {
    name,
    environment: 'node',
    include:
      db === 'pglite' && withPostgres
        ? ['server/db/**/*.test.ts', 'tests/architecture/**/*.test.ts']
        : [
            'server/**/*.test.ts',
            'tests/sync/**/*.test.ts',
            // Static checks of the source tree need no database: run them once.
            ...(db === 'pglite' ? ['tests/architecture/**/*.test.ts'] : []),
          ],
    // Tests that need two transactions open at once run where that can happen.
    exclude: db === 'pglite' ? ['**/*.pg.test.ts', '**/node_modules/**'] : ['**/node_modules/**'],
    env: { TEST_DB: db },
    // PostgreSQL's test files run one at a time, after the rest: every database of the cluster shares
    // its transaction ids, and a file's open transaction would hold back another file's change feed
    // (it sends only what every running transaction can see). PGlite's run in-process, two at a time.
    ...(db === 'postgres' ? { maxWorkers: 1, sequence: { groupOrder: 1 } } : { maxWorkers: 2 }),
    testTimeout: 30_000,
    // Opening an in-memory PGlite compiles its WebAssembly: under a busy machine, close to a minute.
    hookTimeout: 120_000,
  },
})

const unitProject: TestProjectConfiguration = {
  plugins: clientPlugins(),
  test: {
    name: 'unit',
    environment: 'happy-dom',
    // Relative API paths resolve against a tenant host, as in the browser.
    environmentOptions: { happyDOM: { url: 'http://demo.localhost:3000/' } },
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Two files at a time on a 2-core machine (vitest's default there is one): most of the suite's
    // time is these files, and a CI run must stay within 30 minutes.
    maxWorkers: 2,
    // A component test clicks through a whole form in happy-dom: seconds on a busy 2-core CI
    // machine, where vitest's 5 s default cut three such tests short (none hangs; a real hang
    // still fails here).
    testTimeout: 15_000,
  },
}

const projects: TestProjectConfiguration[] = [unitProject, serverProject('server', 'pglite')]
if (process.env.DATABASE_URL) projects.push(serverProject('server-pg', 'postgres'))

export default defineConfig({ test: { projects } })
