import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithI18n } from '../test/render'
import { ImageField } from './ImageField'

const PNG_HEAD = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])

describe('the image field (SPEC §5: png or jpg under 2 MB)', () => {
  it('refuses a file that is not png or jpg, whatever its name', async () => {
    const onChange = vi.fn()
    await renderWithI18n(<ImageField label="Fotografía" onChange={onChange} />)
    const file = new File(['%PDF-1.7'], 'foto.png', { type: 'image/png' })
    fireEvent.change(screen.getByLabelText('Fotografía'), { target: { files: [file] } })
    expect(await screen.findByText('Elige una imagen con extensión .png o .jpg')).toBeTruthy()
    expect(onChange).toHaveBeenLastCalledWith(null)
  })

  it('refuses an image of 2 MB or more, in English too', async () => {
    const onChange = vi.fn()
    await renderWithI18n(<ImageField label="Photo" onChange={onChange} />, 'en')
    const file = new File([PNG_HEAD, new Uint8Array(2 * 1024 * 1024)], 'big.png', { type: 'image/png' })
    fireEvent.change(screen.getByLabelText('Photo'), { target: { files: [file] } })
    expect(await screen.findByText('The image must be under 2 MB.')).toBeTruthy()
  })

  it('takes a small png', async () => {
    const onChange = vi.fn()
    URL.createObjectURL = vi.fn(() => 'blob:preview')
    await renderWithI18n(<ImageField label="Fotografía" onChange={onChange} />)
    const file = new File([PNG_HEAD], 'ok.png', { type: 'image/png' })
    fireEvent.change(screen.getByLabelText('Fotografía'), { target: { files: [file] } })
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledWith(file))
  })
})
