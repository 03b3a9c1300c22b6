import { describe, expect, it } from 'vitest'
import { COMPILE_HINT, compileHints, type HintedChunk, startupChunks } from '../../build/compile-hints'

const chunk = (fileName: string, rest: Partial<HintedChunk> = {}): HintedChunk => ({
  fileName,
  isEntry: false,
  facadeModuleId: null,
  imports: [],
  ...rest,
})

/** The plugin's last step over a bundle of chunks whose code and maps are given. */
function generate(bundle: Record<string, unknown>, matches: (id: string) => boolean = () => false) {
  const plugin = compileHints(matches)
  const hook = plugin.generateBundle as { handler: (options: unknown, bundle: unknown) => void }
  // The marked set is read from the rendered chunks first, as the build does.
  const render = plugin.renderChunk as (code: string, chunk: unknown, options: unknown, meta: unknown) => null
  render.call({}, '', {}, {}, { chunks: bundle })
  hook.handler.call({}, {}, bundle)
  return plugin
}

describe("V8's compile hint on the startup chunks (issue 17, offline cold start)", () => {
  it('marks the entry and what it imports statically, not what it loads later', () => {
    const chunks = [
      chunk('index.js', { isEntry: true, imports: ['react.js', 'router.js'] }),
      chunk('react.js'),
      chunk('router.js', { imports: ['react.js'] }),
      chunk('patients.js', {
        facadeModuleId: '/repo/src/routes/_app/patients/index.tsx',
        imports: ['table.js'],
      }),
      chunk('table.js', { imports: ['react.js'] }),
      chunk('xlsx.js'),
    ]
    expect([...startupChunks(chunks, () => false)].sort()).toEqual(['index.js', 'react.js', 'router.js'])
    expect([...startupChunks(chunks, (id) => id.includes('/patients/'))].sort()).toEqual([
      'index.js',
      'patients.js',
      'react.js',
      'router.js',
      'table.js',
    ])
  })

  it('puts the hint on the first line and moves the source map one line down', () => {
    const map = { mappings: 'AAAA;AACA' }
    const bundle: Record<string, unknown> = {
      'index.js': { type: 'chunk', ...chunk('index.js', { isEntry: true }), code: 'a()\nb()', map },
      'index.js.map': {
        type: 'asset',
        fileName: 'index.js.map',
        source: JSON.stringify({ mappings: 'AAAA;AACA' }),
      },
      'later.js': { type: 'chunk', ...chunk('later.js'), code: 'c()', map: { mappings: 'AAAA' } },
    }
    const plugin = generate(bundle)
    expect((bundle['index.js'] as { code: string }).code).toBe(`${COMPILE_HINT}\na()\nb()`)
    expect(map.mappings).toBe(';AAAA;AACA')
    expect(JSON.parse((bundle['index.js.map'] as { source: string }).source).mappings).toBe(';AAAA;AACA')
    expect((bundle['later.js'] as { code: string }).code).toBe('c()')
    // A marked chunk's name changes with the hint; the others' do not.
    const hash = plugin.augmentChunkHash as (chunk: { fileName: string }) => string | undefined
    expect(hash.call({}, { fileName: 'index.js' })).toBe(COMPILE_HINT)
    expect(hash.call({}, { fileName: 'later.js' })).toBeUndefined()
  })
})
