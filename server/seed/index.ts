import type { Db } from '../db/client'
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from './demo'
import { seedReferenceLists } from './reference-lists'

/**
 * Runs at every start: reference catalogs are topped up, and the demo is created only when the
 * database has no `demo` tenant yet, so restarts and re-runs change nothing.
 */
export async function seedOnFirstStart(db: Db, log: (line: string) => void): Promise<void> {
  await seedReferenceLists(db)
  const demo = await seedDemo(db)
  if (!demo.created) return
  log(`Demo data created. Sign in with these accounts (password for all: ${DEMO_PASSWORD}):`)
  log('  http://admin.localhost:<port>  root@admin.localhost (provider superuser)')
  for (const user of DEMO_USERS) log(`  http://demo.localhost:<port>   ${user.email} (${user.profile})`)
}
