import { ChangesPage, ChangesQuery } from '../schemas/sync'
import { endpoint } from './define'

/** DESIGN §5 "Pulling": the change feed since a cursor, for what this user may see. */
export const syncChanges = endpoint({
  service: 'sync',
  method: 'GET',
  path: '/changes',
  access: 'authenticated',
  query: ChangesQuery,
  response: ChangesPage,
})
