import './components.css'

/**
 * A coloured tag with an icon (a patient's special label): the colour marks it, the text says
 * it, so nothing depends on seeing the colour.
 */
export function LabelChip({ color, glyph, text }: { color: string; glyph: string; text: string }) {
  return (
    <span className="label-chip" style={{ borderColor: color, color }}>
      <span aria-hidden="true">{glyph}</span> {text}
    </span>
  )
}
