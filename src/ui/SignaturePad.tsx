import { Trans, useLingui } from '@lingui/react/macro'
import { type PointerEvent, useCallback, useEffect, useId, useRef } from 'react'
import { Button } from './Button'
import { drawStrokes, lineWidthFor, type SignatureStrokes } from './signature-image'
import './components.css'

export interface SignaturePadProps {
  label: string
  /** The strokes drawn so far (the form keeps them; none is an empty pad). */
  strokes: SignatureStrokes
  onChange: (strokes: SignatureStrokes) => void
  error?: string | undefined
  /** What the person is asked to do; a default says to sign with a finger or a stylus. */
  hint?: string
}

type Point = [number, number]

/** A fraction of the pad, kept to 4 decimals: finer than a pixel of the file, and short. */
const fraction = (value: number, size: number) =>
  Math.round(Math.min(1, Math.max(0, size > 0 ? value / size : 0)) * 10_000) / 10_000

/**
 * A signature drawn with a finger, a stylus or a mouse (pointer events on a canvas), with a clear
 * button. It holds strokes, not pixels (`signature-image.ts`): the form turns them into the PNG it
 * stores with `signaturePng`, which needs no network. The canvas stops the page from scrolling
 * while a finger draws on it (touch-action: none). Named for assistive technology with its label
 * and whether it holds a signature.
 */
export function SignaturePad({ label, strokes, onChange, error, hint }: SignaturePadProps) {
  const { t } = useLingui()
  const id = useId()
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const drawing = useRef<{ pointer: number; points: Point[] } | null>(null)
  const frame = useRef<number | null>(null)
  const strokesRef = useRef(strokes)
  strokesRef.current = strokes

  const paint = useCallback(() => {
    frame.current = null
    const canvas = canvasRef.current
    const context = canvas?.getContext('2d')
    if (!canvas || !context) return
    const ratio = window.devicePixelRatio || 1
    const width = canvas.clientWidth
    const height = canvas.clientHeight
    // The backing store follows the shown size and the screen's density, so the line stays sharp.
    if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
      canvas.width = Math.round(width * ratio)
      canvas.height = Math.round(height * ratio)
    }
    context.setTransform(ratio, 0, 0, ratio, 0, 0)
    context.clearRect(0, 0, width, height)
    const current = drawing.current ? [drawing.current.points] : []
    drawStrokes(context, [...strokesRef.current, ...current], width, height, lineWidthFor(width))
  }, [])

  const schedule = useCallback(() => {
    if (frame.current === null) frame.current = requestAnimationFrame(paint)
  }, [paint])

  // biome-ignore lint/correctness/useExhaustiveDependencies: new strokes (a clear, a redraw) paint again
  useEffect(() => {
    schedule()
  }, [strokes, schedule])

  useEffect(() => {
    const canvas = canvasRef.current
    if (!canvas || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => schedule())
    observer.observe(canvas)
    return () => {
      observer.disconnect()
      if (frame.current !== null) cancelAnimationFrame(frame.current)
    }
  }, [schedule])

  const pointOf = (canvas: HTMLCanvasElement, event: { clientX: number; clientY: number }): Point => {
    const box = canvas.getBoundingClientRect()
    return [fraction(event.clientX - box.left, box.width), fraction(event.clientY - box.top, box.height)]
  }

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return
    event.preventDefault()
    event.currentTarget.setPointerCapture?.(event.pointerId)
    drawing.current = { pointer: event.pointerId, points: [pointOf(event.currentTarget, event)] }
    schedule()
  }

  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    const stroke = drawing.current
    if (!stroke || stroke.pointer !== event.pointerId) return
    // A stylus reports more points than frames: the coalesced ones keep the curve's shape.
    const native = event.nativeEvent
    const points = typeof native.getCoalescedEvents === 'function' ? native.getCoalescedEvents() : []
    for (const point of points.length > 0 ? points : [native]) {
      stroke.points.push(pointOf(event.currentTarget, point))
    }
    schedule()
  }

  const end = (event: PointerEvent<HTMLCanvasElement>) => {
    const stroke = drawing.current
    if (!stroke || stroke.pointer !== event.pointerId) return
    drawing.current = null
    onChange([...strokesRef.current, stroke.points])
  }

  const signed = strokes.length > 0
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  return (
    <div className="field signature-pad">
      <span className="field__label" id={`${id}-label`}>
        {label}
      </span>
      <div className="signature-pad__surface" data-invalid={Boolean(error)}>
        <canvas
          ref={canvasRef}
          className="signature-pad__canvas"
          role="img"
          aria-labelledby={`${id}-label ${id}-state`}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          onPointerDown={start}
          onPointerMove={move}
          onPointerUp={end}
          onPointerCancel={end}
        />
        <span className="signature-pad__line" aria-hidden="true" />
      </div>
      <span id={`${id}-state`} className="visually-hidden">
        {signed ? t`(trazada)` : t`(en blanco)`}
      </span>
      <div className="signature-pad__footer">
        <span id={hintId} className="field__hint">
          {hint ?? t`Firma con el dedo o con el lápiz dentro del recuadro.`}
        </span>
        <Button variant="secondary" disabled={!signed} onClick={() => onChange([])}>
          <Trans>Borrar firma</Trans>
        </Button>
      </div>
      {error && (
        <span id={errorId} className="field__error" role="alert">
          {error}
        </span>
      )}
    </div>
  )
}
