import { act, fireEvent, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithI18n } from '../test/render'
import { SignaturePad } from './SignaturePad'
import { drawStrokes, type SignatureStrokes } from './signature-image'

/** A 2D context that records what is drawn on it (happy-dom has no canvas of its own). */
function recordingContext() {
  const calls: Array<[string, ...number[]]> = []
  const record =
    (name: string) =>
    (...args: number[]) =>
      void calls.push([name, ...args])
  const context = {
    calls,
    beginPath: record('beginPath'),
    moveTo: record('moveTo'),
    lineTo: record('lineTo'),
    quadraticCurveTo: record('quadraticCurveTo'),
    arc: record('arc'),
    stroke: record('stroke'),
    fill: record('fill'),
    setTransform: record('setTransform'),
    clearRect: record('clearRect'),
  }
  return context
}

describe('drawing the strokes', () => {
  it('scales the fractions to the size asked, smooths a stroke through its midpoints and dots a tap', () => {
    const context = recordingContext()
    const strokes: SignatureStrokes = [
      [
        [0, 0],
        [0.5, 0.5],
        [1, 0],
      ],
      [[0.25, 0.75]],
    ]
    drawStrokes(context as unknown as CanvasRenderingContext2D, strokes, 900, 300, 5)
    expect(context.calls).toEqual([
      ['beginPath'],
      ['moveTo', 0, 0],
      ['quadraticCurveTo', 450, 150, 675, 75],
      ['lineTo', 900, 0],
      ['stroke'],
      ['beginPath'],
      ['arc', 225, 225, 2.5, 0, Math.PI * 2],
      ['fill'],
    ])
  })
})

function Pad({
  onChange,
  label = 'Firma',
}: {
  onChange: (strokes: SignatureStrokes) => void
  label?: string
}) {
  const [strokes, setStrokes] = useState<SignatureStrokes>([])
  return (
    <SignaturePad
      label={label}
      strokes={strokes}
      error={strokes.length === 0 ? 'La firma es obligatoria.' : undefined}
      onChange={(next) => {
        setStrokes(next)
        onChange(next)
      }}
    />
  )
}

describe('the signature pad', () => {
  afterEach(() => vi.restoreAllMocks())

  it('keeps a stroke drawn with a finger as fractions of the pad, and clears it', async () => {
    const context = recordingContext()
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
      context as unknown as CanvasRenderingContext2D,
    )
    vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockReturnValue({
      left: 10,
      top: 20,
      width: 600,
      height: 200,
    } as DOMRect)
    const onChange = vi.fn()
    await renderWithI18n(<Pad onChange={onChange} />)
    const pad = screen.getByRole('img', { name: 'Firma (en blanco)' })
    expect(screen.getByRole('button', { name: 'Borrar firma' })).toHaveProperty('disabled', true)
    expect(pad.getAttribute('aria-describedby')?.split(' ')).toHaveLength(2)

    const at = (x: number, y: number) => ({ pointerId: 7, pointerType: 'touch', clientX: x, clientY: y })
    fireEvent.pointerDown(pad, at(10, 20))
    fireEvent.pointerMove(pad, at(310, 120))
    // Another finger resting on the pad draws nothing into this stroke.
    fireEvent.pointerMove(pad, { ...at(500, 100), pointerId: 8 })
    fireEvent.pointerMove(pad, at(700, 20))
    fireEvent.pointerUp(pad, at(700, 20))
    expect(onChange).toHaveBeenLastCalledWith([
      [
        [0, 0],
        [0.5, 0.5],
        // Past the pad's edge: held at its edge.
        [1, 0],
      ],
    ])
    expect(screen.getByRole('img', { name: 'Firma (trazada)' })).toBeTruthy()
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)))
    expect(context.calls.some(([name]) => name === 'quadraticCurveTo')).toBe(true)

    fireEvent.click(screen.getByRole('button', { name: 'Borrar firma' }))
    expect(onChange).toHaveBeenLastCalledWith([])
    expect(screen.getByRole('alert').textContent).toBe('La firma es obligatoria.')
  })

  it('ignores a mouse’s other buttons and a move with no stroke begun', async () => {
    const onChange = vi.fn()
    await renderWithI18n(<Pad onChange={onChange} label="Signature" />, 'en')
    const pad = screen.getByRole('img', { name: 'Signature (blank)' })
    fireEvent.pointerMove(pad, { pointerId: 1, pointerType: 'mouse', clientX: 5, clientY: 5 })
    fireEvent.pointerDown(pad, { pointerId: 1, pointerType: 'mouse', button: 2, clientX: 5, clientY: 5 })
    fireEvent.pointerUp(pad, { pointerId: 1, pointerType: 'mouse', clientX: 5, clientY: 5 })
    expect(onChange).not.toHaveBeenCalled()
  })
})
