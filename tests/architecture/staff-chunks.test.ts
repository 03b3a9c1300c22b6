import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { type ChunkNode, isStaffRouteModule, staffOnlyChunks } from '../../build/staff-chunks'
import { PATIENT_MENU } from '../../src/features/app-shell/patient-menu'

/** A TanStack Router split piece of a route file, as Rollup names its module. */
const split = (route: string) => `/repo/src/routes/${route}?tsr-split=component`

const chunk = (fileName: string, rest: Partial<ChunkNode> = {}): ChunkNode => ({
  fileName,
  isEntry: false,
  facadeModuleId: null,
  imports: [],
  dynamicImports: [],
  ...rest,
})

describe('the staff-only chunks left out of the install (issue 17)', () => {
  it("keeps every screen of the patient's menu on the patient's side", () => {
    for (const { to } of PATIENT_MENU) {
      const file = `src/routes/_app${to ?? ''}.tsx`
      expect(existsSync(file), file).toBe(true)
      expect(isStaffRouteModule(`/repo/${file}?tsr-split=component`), file).toBe(false)
    }
  })

  it('counts the public pages for everyone and the other signed-in screens as staff', () => {
    expect(isStaffRouteModule(split('index.tsx'))).toBe(false)
    expect(isStaffRouteModule(split('password-recovery.tsx'))).toBe(false)
    expect(isStaffRouteModule(split('_app/profile.tsx'))).toBe(false)
    expect(isStaffRouteModule(split('_app/users/index.tsx'))).toBe(true)
    expect(isStaffRouteModule(split('_app/patients/record/$id.tsx'))).toBe(true)
    // The route's own module (its path and permission) is in the entry, not a split piece.
    expect(isStaffRouteModule('/repo/src/routes/_app/users/index.tsx')).toBe(false)
  })

  it('marks what only staff screens reach, and keeps what a patient screen shares', () => {
    const chunks = [
      chunk('index.js', { isEntry: true, dynamicImports: ['users.js', 'glucose.js'] }),
      chunk('users.js', { facadeModuleId: split('_app/users/index.tsx'), imports: ['table.js', 'form.js'] }),
      chunk('glucose.js', { facadeModuleId: split('_app/patient/glucose.tsx'), imports: ['form.js'] }),
      chunk('table.js', { dynamicImports: ['xlsx.js'] }),
      chunk('xlsx.js'),
      chunk('form.js'),
    ]
    expect([...staffOnlyChunks(chunks)].sort()).toEqual(['table.js', 'users.js', 'xlsx.js'])
  })
})
