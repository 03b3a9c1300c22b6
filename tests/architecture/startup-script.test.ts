import { afterEach, describe, expect, it } from 'vitest'
import {
  collectTaken,
  isScript,
  STARTUP_GLOBAL,
  shimSource,
  startupEntrySource,
  type Taken,
} from '../../build/startup-script'

const takenFrom = (...libraries: string[]) =>
  new Map(libraries.map((library) => [library, new Set<string>()]))
const sorted = (names: Taken | undefined) => [...(names ?? [])].sort()

describe('the libraries in the classic startup script (issue 17)', () => {
  it('notes the names a module imports and re-exports from each library, and only from those', () => {
    const taken = takenFrom('react', '@tanstack/react-router', 'ky')
    collectTaken(
      '/repo/src/a.js',
      [
        `import React, { useState, "useId" as id } from 'react'`,
        `import { Link } from '@tanstack/react-router'`,
        `export { Outlet as Slot } from '@tanstack/react-router'`,
        `import { thing } from 'react-dom'`,
        `import { useState as other } from './react'`,
      ].join('\n'),
      taken,
    )
    expect(sorted(taken.get('react'))).toEqual(['default', 'useId', 'useState'])
    expect(sorted(taken.get('@tanstack/react-router'))).toEqual(['Link', 'Outlet'])
    expect(sorted(taken.get('ky'))).toEqual([])
    expect(taken.has('react-dom')).toBe(false)
  })

  it('takes the whole library for a namespace import, `export *`, `require` and `import()`', () => {
    for (const code of [
      `import * as ReactDOM from 'react-dom'`,
      `export * from 'react-dom'`,
      `const ReactDOM = require("react-dom")`,
      'const load = () => import(`react-dom`)',
    ]) {
      const taken = takenFrom('react-dom')
      collectTaken('/repo/node_modules/x/index.js', code, taken)
      expect(sorted(taken.get('react-dom')), code).toEqual(['*'])
    }
  })

  it("reads every module of JavaScript, a plugin's virtual one too, and no style or asset", () => {
    expect(isScript('/repo/src/main.tsx')).toBe(true)
    expect(isScript('/repo/src/routes/_app/patients/index.tsx?tsr-split=component')).toBe(true)
    expect(isScript('/@vite-plugin-pwa/virtual:pwa-register/react')).toBe(true)
    expect(isScript('\0vite/preload-helper.js')).toBe(true)
    expect(isScript('/repo/src/ui/theme.css')).toBe(false)
    expect(isScript('/repo/public/icons/favicon.svg?url')).toBe(false)
    expect(isScript('\0startup:react')).toBe(false)
  })

  it('builds the script from what is taken: named imports, or the namespace', () => {
    const source = startupEntrySource(
      new Map([
        ['react', new Set(['*'])],
        ['@lingui/core', new Set(['i18n'])],
        ['ky', new Set(['default', 'HTTPError'])],
      ]),
    )
    expect(source).toContain(`import * as m0 from "react"`)
    expect(source).toContain(`import { "i18n" as m1_0 } from "@lingui/core"`)
    expect(source).toContain(`import { "HTTPError" as m2_0, "default" as m2_1 } from "ky"`)
    expect(source).toContain(`globalThis.${STARTUP_GLOBAL} = {`)
    expect(source).toContain(`"ky": { "HTTPError": m2_0, "default": m2_1 },`)
  })

  describe('the module that stands for a library', () => {
    afterEach(() => {
      delete (globalThis as Record<string, unknown>)[STARTUP_GLOBAL]
    })

    it('exports what the classic script put on the global, its default too', async () => {
      const library = { useThing: () => 'thing', version: '1', default: { whole: true } }
      ;(globalThis as Record<string, unknown>)[STARTUP_GLOBAL] = { 'some-library': library }
      const source = shimSource('some-library', ['default', 'useThing', 'version', 'not-a-name'])
      const shim = await import(`data:text/javascript,${encodeURIComponent(source)}`)
      expect(shim.useThing()).toBe('thing')
      expect(shim.version).toBe('1')
      expect(shim.default).toEqual({ whole: true })
    })
  })
})
