import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { afterAll, describe, expect, it } from 'vitest'
import { nameKey } from '../../src/contract/schemas/catalogue-definitions'
import { migrationsFolder } from './client'

/**
 * Migration 0012 (issue 18): the subgroup names patients carried become items of the tenant's
 * subgroups catalogue, one per name folded as the API folds it, and the patients their ids.
 */
describe('the patients’ subgroups migration', () => {
  const folder = mkdtempSync(join(tmpdir(), 'migrations-'))
  afterAll(() => rmSync(folder, { recursive: true, force: true }))

  /** The migrations up to (not including) 0012, as the database had them before. */
  function migrationsBefore(tag: string) {
    cpSync(migrationsFolder, folder, { recursive: true })
    const journalPath = join(folder, 'meta', '_journal.json')
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] }
    const at = journal.entries.findIndex((entry) => entry.tag === tag)
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }))
    return folder
  }

  // The test opens its own PGlite and runs the migrations twice: a hook's work, given a hook's time
  // (vitest.config.ts: compiling PGlite's WebAssembly alone nears a minute on a busy 2-core machine).
  it('turns each distinct name into one item and gives the patients its id', async () => {
    const client = await PGlite.create('memory://')
    const db = drizzle({ client })
    await migrate(db, { migrationsFolder: migrationsBefore('0012_patient_subgroup_items') })
    const tenant = '0190a1b2-c3d4-7e5f-8a9b-000000000001'
    await client.exec(`
      insert into tenants (id, slug, trade_name, business_name) values ('${tenant}', 'acme', 'Acme', 'Acme S.A.');
      insert into patients (tenant_id, id, administrative_status, name, last_name, birth_date, curp, subgroups)
      values
        ('${tenant}', '0190a1b2-c3d4-7e5f-8a9b-000000000011', 'active', 'Ana', 'Ruiz', '1990-01-01',
         'RUAA900101MQTZNN01', '["Almacén", "Planta 2"]'),
        ('${tenant}', '0190a1b2-c3d4-7e5f-8a9b-000000000012', 'active', 'Luis', 'Paz', '1990-01-01',
         'PAXL900101HQTZSS02', '["almacen "]'),
        ('${tenant}', '0190a1b2-c3d4-7e5f-8a9b-000000000013', 'active', 'Eva', 'Gil', '1990-01-01',
         'GIXE900101MQTLVV03', '[]');
    `)
    await migrate(db, { migrationsFolder })
    const items = (
      await client.query<{ id: string; name: string; name_key: string }>(
        `select id, name, name_key from catalogue_entries where catalogue = 'subgroups.items' order by name_key`,
      )
    ).rows
    expect(items.map((item) => item.name_key)).toEqual([nameKey('Almacén'), nameKey('Planta 2')])
    const [warehouse, plant] = items
    const carried = (
      await client.query<{ name: string; subgroups: string[]; version: number }>(
        `select name, subgroups, version from patients order by name`,
      )
    ).rows
    expect(carried).toEqual([
      { name: 'Ana', subgroups: expect.arrayContaining([warehouse?.id, plant?.id]), version: 2 },
      { name: 'Eva', subgroups: [], version: 1 },
      { name: 'Luis', subgroups: [warehouse?.id], version: 2 },
    ])
    const feed = await client.query<{ n: number }>(`select count(*)::int as n from change_log`)
    expect(feed.rows[0]?.n).toBe(2)
    await client.close()
  }, 120_000)
})
