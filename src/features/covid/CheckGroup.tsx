import { Checkbox } from '../../ui/Checkbox'

/** A group of checkboxes over a list's codes (symptoms, chronic diseases…), holding the codes chosen. */
export function CheckGroup({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string
  options: ReadonlyArray<{ code: string; name: string }>
  value: readonly string[]
  onChange: (codes: string[]) => void
}) {
  return (
    <fieldset className="covid-checks">
      <legend>{legend}</legend>
      <div className="covid-checks__list">
        {options.map((option) => (
          <Checkbox
            key={option.code}
            label={option.name}
            checked={value.includes(option.code)}
            onCheckedChange={(on) =>
              onChange(on ? [...value, option.code] : value.filter((code) => code !== option.code))
            }
          />
        ))}
      </div>
    </fieldset>
  )
}
