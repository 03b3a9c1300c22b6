import { afterEach } from 'vitest'
import { type Device, openDevice } from './device'
import { type Clinic, nurseOf, type SyncServer } from './server'

/**
 * The tablets of a describe block's clinic: `tablet(n)` opens one signed in as the clinic's
 * nurse n, and every tablet opened in a test is closed after it. Called in the describe block;
 * `where` answers the server and the clinic its beforeAll made.
 */
export function clinicTablets(where: () => { server: SyncServer; clinic: Clinic }) {
  const opened: Device[] = []
  afterEach(async () => {
    for (const device of opened.splice(0)) await device.close()
  })
  return (nurse = 0): Device => {
    const { server, clinic } = where()
    const device = openDevice(server, clinic, nurseOf(clinic, nurse))
    opened.push(device)
    return device
  }
}
