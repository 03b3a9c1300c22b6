import { describe, expect, it } from 'vitest'
import { ValidationError } from './errors'
import { translate } from './messages'
import { guardUniqueIndexes, type UniqueIndexMessages, violatedUniqueIndex } from './unique-violation'

/** A driver's unique violation as drizzle hands it on: wrapped, the driver's error as the cause. */
const clashOn = (constraint: string) =>
  new Error('Failed query', {
    cause: Object.assign(new Error('duplicate key'), { code: '23505', constraint }),
  })

const INDEXES: UniqueIndexMessages = new Map([['medicines_name_unique', ['name', 'medicine.duplicate']]])

describe('a write guarded by its unique indexes', () => {
  it('names the index a wrapped unique violation ran into, and nothing for other errors', () => {
    expect(violatedUniqueIndex(clashOn('medicines_name_unique'))).toBe('medicines_name_unique')
    expect(violatedUniqueIndex(new Error('connection lost'))).toBeNull()
  })

  it('answers a clash on a guarded index as the field error, in the caller’s language', async () => {
    for (const lang of ['es', 'en'] as const) {
      const refused = guardUniqueIndexes(INDEXES, lang, () =>
        Promise.reject(clashOn('medicines_name_unique')),
      )
      await expect(refused).rejects.toBeInstanceOf(ValidationError)
      await expect(refused).rejects.toMatchObject({
        errors: { name: [translate('medicine.duplicate', lang)] },
      })
    }
  })

  it('passes the answer of a write through, and any other failure unchanged', async () => {
    expect(await guardUniqueIndexes(INDEXES, 'es', async () => 'saved')).toBe('saved')
    const other = clashOn('users_email_unique')
    await expect(guardUniqueIndexes(INDEXES, 'es', () => Promise.reject(other))).rejects.toBe(other)
  })
})
