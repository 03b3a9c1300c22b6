import { act, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { reportConnection } from '../api/connection'
import { chunkOf, FromChunk } from './lazy-chunk'

const Chart = ({ title }: { title: string }) => <figure>{title}</figure>

/** A chunk whose import fails while `offline` says so, as a chunk not cached yet does offline. */
function aChunk() {
  const state = { offline: false, imports: 0 }
  const chunk = chunkOf(async () => {
    state.imports += 1
    if (state.offline) throw new TypeError('Failed to fetch dynamically imported module')
    return { default: Chart }
  })
  return { chunk, state }
}

const drawn = (chunk: ReturnType<typeof aChunk>['chunk']) => (
  <FromChunk
    chunk={chunk}
    props={{ title: 'Consultas por mes' }}
    placeholder={<div>reservado</div>}
    unavailable={<p>El gráfico se mostrará cuando vuelva la conexión.</p>}
  />
)

describe('a component from a chunk of its own', () => {
  it('holds its room while the chunk loads, then draws the component', async () => {
    const { chunk } = aChunk()
    render(drawn(chunk))
    expect(screen.getByText('reservado')).toBeTruthy()
    expect(await screen.findByText('Consultas por mes')).toBeTruthy()
  })

  it('says it is unavailable offline, without taking the screen down, and loads once back online', async () => {
    const { chunk, state } = aChunk()
    act(() => reportConnection('online'))
    state.offline = true
    render(drawn(chunk))
    expect(await screen.findByText('El gráfico se mostrará cuando vuelva la conexión.')).toBeTruthy()

    // Still offline: the next try fails again.
    act(() => reportConnection('offline'))
    await act(async () => undefined)
    expect(screen.getByText('El gráfico se mostrará cuando vuelva la conexión.')).toBeTruthy()

    state.offline = false
    act(() => reportConnection('online'))
    expect(await screen.findByText('Consultas por mes')).toBeTruthy()
    expect(state.imports).toBe(3)
  })

  it('draws a chunk already loaded at once, in every place it is used', async () => {
    const { chunk, state } = aChunk()
    await chunk.load()
    render(
      <>
        {drawn(chunk)}
        {drawn(chunk)}
      </>,
    )
    expect(screen.getAllByText('Consultas por mes')).toHaveLength(2)
    expect(state.imports).toBe(1)
  })
})
