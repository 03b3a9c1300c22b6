import type { Db } from '../db/client'
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from './demo'
import { seedReferenceLists } from './reference-lists'

/**
 * Runs at every start: reference catalogs are topped up, and the demo is created only when the
 * database has no `demo` tenant yet, so restarts and re-runs change nothing. Says whether the demo
 * was created now: the accounts are printed once the server listens and its address is known.
 */
export async function seedOnFirstStart(db: Db): Promise<{ demoCreated: boolean }> {
  await seedReferenceLists(db)
  const demo = await seedDemo(db)
  return { demoCreated: demo.created }
}

/**
 * The demo's accounts with the addresses that reach them on this server (its real port, the
 * configured domains), for the first start's log.
 */
export function demoSignInLines(addresses: { tenant: string; landlord: string }): string[] {
  return [
    `Demo data created. Sign in with these accounts (password for all: ${DEMO_PASSWORD}):`,
    `  ${addresses.landlord}  root@admin.localhost (provider superuser)`,
    ...DEMO_USERS.map((user) => `  ${addresses.tenant}  ${user.email} (${user.profile})`),
  ]
}
